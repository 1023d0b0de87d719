"""The sample hand screen (issue "The desktop app", section 5): deal five after the
setup Sites, reshuffle once under "Game Setup" (only a hand with no Character, only
before any other draw), draw on, cards as images, and the engine's exact odds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from card_db.records import CardType
from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.engine.simulation.hands import SampleHand
from deckbuilder.engine.simulation.odds import odds_report
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.sample_hand.odds_panel import percent
from deckbuilder.gui.sample_hand.session import HandSession, ReshuffleNotAllowed
from deckbuilder.services import deck_sources
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.deck_sources import DEMO, OPEN, SAVED
from deckbuilder.services.decks import save_deck

DEMO_DECK = deck_sources.demo_deck_files()[0]


def few_characters():
    """A generated 60-card deck with few Characters, so hands without one are common."""
    return generated_deck(3, characters=6)


def seed_without_character(records) -> int:
    for seed in range(500):
        if HandSession(records, seed).may_reshuffle:
            return seed
    raise AssertionError("no hand without a Character in 500 seeds")


def is_character(record) -> bool:
    return record.card_type is CardType.CHARACTER


# -- the session (no Qt) ----------------------------------------------------------------------


def test_deals_five_after_the_five_setup_sites():
    records = generated_deck(0)
    session = HandSession(records, 42)
    engine = SampleHand(records, 42, reshuffle="never")
    engine.deal()
    assert len(session.circle) == 5 and all(r.card_type is CardType.SITE for r in session.circle)
    assert [r.name for r in session.hand] == engine.names(engine.hand)
    assert len(session.hand) == 5 and session.destiny_left == 60 - 5 - 5


def test_reshuffle_only_for_a_hand_without_a_character_and_only_once():
    records = few_characters()
    seed = seed_without_character(records)
    session = HandSession(records, seed)
    shown = list(session.hand)
    assert not any(is_character(r) for r in shown)
    final = session.reshuffle()
    assert session.revealed == shown  # the hand shown is the one revealed
    auto = SampleHand(records, seed, reshuffle="auto")
    auto.deal()
    assert [r.name for r in final] == auto.names(auto.hand)
    assert len(final) == 5 and not session.may_reshuffle
    with pytest.raises(ReshuffleNotAllowed, match="only once"):
        session.reshuffle()


def test_no_reshuffle_with_a_character_or_after_a_draw():
    records = few_characters()
    with_character = next(s for s in range(500)
                          if any(is_character(r) for r in HandSession(records, s).hand))
    session = HandSession(records, with_character)
    assert not session.may_reshuffle
    with pytest.raises(ReshuffleNotAllowed, match="has a Character"):
        session.reshuffle()
    without = HandSession(records, seed_without_character(records))
    without.draw()
    assert not any(is_character(r) for r in without.opening)
    with pytest.raises(ReshuffleNotAllowed, match="before the first draw"):
        without.reshuffle()


def test_draw_and_draw_round_take_from_the_destiny():
    records = generated_deck(1)
    session = HandSession(records, 7)
    left = session.destiny_left
    first = session.draw()
    pair = session.draw_round()
    assert len(first) == 1 and len(pair) == 2
    assert session.hand[5:] == first + pair
    assert session.drawn_groups == [first, pair] and session.drawn == 3
    assert session.destiny_left == left - 3
    assert len(session.opening) == 5


# -- the screen ---------------------------------------------------------------------------------


@pytest.fixture
def screen(window):
    screen = window.show_screen("sample-hand")
    assert window.context.wait_idle()
    return screen


def test_deal_a_demo_deck_with_images_and_exact_odds(window, screen, db):
    assert screen.chooser.select(DEMO, str(DEMO_DECK))
    screen.deal(5)
    assert window.context.wait_idle()
    records = formats.read_file(DEMO_DECK).expand(load_catalogue(UserDatabase(db)))
    engine = SampleHand(records, 5, reshuffle="never")
    engine.deal()
    assert screen.session is not None and screen.seed.value() == 5
    assert screen.hand_view.strip.names() == engine.names(engine.hand)
    assert screen.circle.strip.names() == engine.names(engine.circle)
    # seed 5 deals this deck a first hand with no Character: the player may reshuffle
    assert not any(is_character(records[c]) for c in engine.hand)
    assert screen.reshuffle_button.isEnabled()
    screen.reshuffle_button.click()
    auto = SampleHand(records, 5)
    auto.deal()
    assert screen.hand_view.strip.names() == auto.names(auto.hand)
    # faces are drawn off the GUI thread, then served from the cache
    record = screen.hand_view.strip.cards[0][0]
    assert window.context.images.cached(record.name, screen.hand_view.strip.width) is not None
    face = screen.hand_view.strip.data(screen.hand_view.strip.index(0),
                                       Qt.ItemDataRole.DecorationRole)
    assert face.width() == screen.hand_view.strip.width
    report = odds_report(records, 10)
    headline = screen.odds.headline.text()
    assert percent(report["p_character_opening"]) in headline
    assert percent(report["p_character_opening_with_reshuffle"]) in headline
    assert screen.odds.table.rowCount() == 11
    assert screen.odds.cell(3, 1) == percent(report["p_at_least_2_characters_by_round"]["3"])


def test_draw_buttons_add_cards_in_order(window, screen):
    screen.chooser.select(DEMO, str(DEMO_DECK))
    screen.deal(9)
    assert window.context.wait_idle()
    before = screen.hand_view.strip.names()
    screen.draw_button.click()
    screen.round_button.click()
    names = screen.hand_view.strip.names()
    assert names[:5] == before and len(names) == 8
    captions = [caption for _record, caption in screen.hand_view.strip.cards]
    # each drawn card has its own number (issue 10: "Draw 1/2" labels were confusing)
    assert captions[5].startswith("Drawn card 1: ") and captions[7].startswith("Drawn card 3: ")
    assert captions[6].startswith("Drawn card 2: ")
    assert f"{screen.session.destiny_left} cards left" in screen.info.text()
    screen.deal_button.click()  # a new hand with a fresh seed
    assert window.context.wait_idle()
    assert len(screen.hand_view.strip.names()) == 5


def test_reshuffle_button_follows_the_rule(window, screen):
    records = few_characters()
    seed = seed_without_character(records)
    screen.deal_records(records, seed)
    assert screen.reshuffle_button.isEnabled()
    assert "you may reveal it and reshuffle" in screen.info.text()
    shown = screen.hand_view.strip.names()
    screen.reshuffle_button.click()
    assert not screen.reshuffle_button.isEnabled()
    assert "revealed and reshuffled: " + ", ".join(shown) in screen.info.text()
    with_character = next(s for s in range(500)
                          if any(is_character(r) for r in HandSession(records, s).hand))
    screen.deal_records(records, with_character)
    assert not screen.reshuffle_button.isEnabled()


def test_decks_open_in_the_editor_and_saved_decks_are_listed(window, screen, db):
    deck = formats.read_file(DEMO_DECK)
    deck.name = "Saved for hands"
    save_deck(UserDatabase(db), deck)
    window.context.decks_changed.emit(None)
    editor = window.screen("deck-editor")
    editor.open_file(DEMO_DECK)
    assert window.context.wait_idle()
    kinds = [(s.kind, s.label) for s in screen.chooser.sources()]
    assert (OPEN, "Maestro Reconciliation") in kinds
    assert (SAVED, "Saved for hands") in kinds
    assert screen.chooser.select(OPEN, editor.current_document())
    editor.current_document().set_count(editor.current_document().deck.main[0].name, 0)
    screen.deal(3)  # deals the deck as edited
    assert window.context.wait_idle()
    assert screen.play.name == "Maestro Reconciliation"
    assert len(screen.play.records) == editor.current_document().deck.total()


def test_a_deck_that_cannot_be_set_up_says_why(window, screen):
    no_sites = [r for r in generated_deck(0) if r.card_type is not CardType.SITE]
    assert screen.deal_records(no_sites, 1) is None
    assert "cannot be set up" in screen.info.text()
    assert not screen.draw_button.isEnabled() and screen.hand_view.strip.cards == []


def test_captions_have_room_for_two_lines_in_the_circle_and_the_hand(window, screen, qtbot):
    screen.chooser.select(DEMO, str(DEMO_DECK))
    screen.deal(11)
    assert window.context.wait_idle()
    for strip in (screen.circle, screen.hand_view):
        qtbot.waitUntil(lambda strip=strip: strip.model().rowCount() >= 5)
        lines = strip.fontMetrics().lineSpacing()
        icon = strip.iconSize().height()
        for row in range(strip.model().rowCount()):
            index = strip.model().index(row, 0)
            caption = index.data()
            width = strip.fontMetrics().horizontalAdvance(caption)
            needed = 2 if width > strip.gridSize().width() - 8 else 1
            assert strip.visualRect(index).height() >= icon + needed * lines, caption


def test_the_odds_table_titles_are_never_cut(qtbot):
    from deckbuilder.gui.sample_hand.odds_panel import COLUMNS, OddsPanel

    panel = OddsPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 400)
    panel.show()
    header = panel.table.horizontalHeader()
    metrics = header.fontMetrics()
    for column, (title, _key, _tip) in enumerate(COLUMNS):
        longest = max(metrics.horizontalAdvance(line) for line in title.split("\n"))
        assert header.sectionSize(column) >= longest + 8, title
