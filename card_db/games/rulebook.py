"""Finding a cited section in a rulebook's text, and the text as evidence quotes it."""

from __future__ import annotations

import re


def normalise_text(text: str) -> str:
    """Rulebook text as the evidence quotes it: no markdown emphasis or HTML tags, one
    space for each run of whitespace."""
    text = re.sub(r"<[^>]+>", "", text).replace("*", "")
    return " ".join(text.split())


def _heading_text(line: str) -> str:
    return normalise_text(line.lstrip("#"))


def _is_heading(lines: list[str], i: int, markdown: bool) -> bool:
    line = lines[i].strip()
    if markdown:
        return line.startswith("#")
    blank_before = i == 0 or not lines[i - 1].strip()
    blank_after = i + 1 == len(lines) or not lines[i + 1].strip()
    return (bool(line) and len(line) <= 60 and blank_before and blank_after
            and line[0] not in "-•" and line[-1] not in ".;:"
            and not any(ch.isdigit() or ch == "," for ch in line))


def rulebook_sections(text: str, heading: str) -> list[str]:
    """The normalised text of every section of ``text`` headed ``heading``.

    A section runs from a line that reads ``heading`` (markdown ``#`` and emphasis
    ignored) to the next heading: a ``#`` line in a markdown rulebook, otherwise a short
    line standing alone between blank lines, with no digit or comma. The heading line is
    part of the section.
    """
    lines = text.splitlines()
    markdown = any(line.startswith("#") for line in lines)
    wanted = normalise_text(heading)
    found = []
    for start, line in enumerate(lines):
        if _heading_text(line) != wanted:
            continue
        end = next((i for i in range(start + 1, len(lines)) if _is_heading(lines, i, markdown)),
                   len(lines))
        found.append(normalise_text("\n".join(lines[start:end])))
    return found
