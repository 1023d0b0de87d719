"""The card editor checks a power as it is typed (issue 22 section 2): the label under
Powers says how the engine reads each sentence, or that it will not be played."""

from __future__ import annotations

import pytest

from deckbuilder.presentation import NOT_PLAYED


@pytest.fixture
def editor(window):
    return window.show_screen("card-editor")


def test_a_typed_power_says_how_the_engine_reads_it(editor):
    assert editor.context.wait_idle()
    form = editor.form
    editor.start_new_card()
    form.editors["card_type"].widget.setCurrentText("Ally Action")
    form.editors["permanent"].widget.setChecked(True)
    form.editors["powers"].widget.setPlainText("Acting Ally is magic +2.")
    text = form.power_reading.text()
    assert text == "reads as: Magic +2 to the acting Ally (kept while a permanent stays attached)"
    assert form.power_reading.isVisibleTo(form)
    form.editors["powers"].widget.setPlainText(
        "Acting Ally is magic +2. Shuffle your In Ovo into your Destiny.")
    lines = form.power_reading.text().split("\n")
    assert lines[0].startswith("reads as: Magic +2")
    assert lines[1] == f"{NOT_PLAYED}: Shuffle your In Ovo into your Destiny."
    form.editors["powers"].widget.setPlainText("")
    assert not form.power_reading.isVisibleTo(form)


def test_a_catalogue_card_shows_its_readings(editor):
    assert editor.context.wait_idle()
    assert editor.select_card("Hierarch Sefwen Ilu")
    # the catalogue's affiliations let the editor read "if any Adorers are controlled"
    assert editor.form.power_reading.text().startswith("reads as: costs 2 less Prime")
