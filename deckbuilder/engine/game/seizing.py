""""Seize a Site", "Contesting the Seizure", "Paths": a seizure with its contests, its
Paths revealed and resolved, and the Site secured or not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from card_db.records import CardType
from deckbuilder.engine.game.core import (
    ContestProvider,
    CounterProvider,
    GameCore,
    LastCallProvider,
    ManeuverProvider,
)
from deckbuilder.engine.game.responses import _still_involved
from deckbuilder.engine.powers.maneuvers import (
    MAGIC,
)
from deckbuilder.engine.powers.path_effects import (
    DAMAGE,
    PIVOT,
    RETURN,
    PathEffect,
    magic_change,
    path_effect,
    pivots,
    strength_change,
)
from deckbuilder.engine.powers.site_traits import (
    seizing_bonus,
    seizing_traits,
)
from deckbuilder.engine.rules.contest import Involved
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import CONTEST, LastCall
from deckbuilder.engine.rules.paths import reveal_paths
from deckbuilder.engine.rules.seizure import SeizureResult, resolve_seizure
from deckbuilder.engine.table.zones import SecuredSite

#: path chooser: (game, Path, what: "pivot"/"damage"/"return"/"join", options) -> the
#: card the Path's owner chooses, or None (only "join" is optional)
PathChooser = Callable[["GameCore", int, str, Sequence[int]], int | None]
JOIN = "join"



def default_path_choice(game: GameCore, path: int, what: str, options: Sequence[int]) -> int | None:
    """The choice the engine makes for a Path's owner who names none (ruling
    ``path-choices``): a rival's involved character of the highest Magic (or, if every
    option is the owner's own, the lowest); for "join", the owner's Ally of the highest
    Magic."""
    owner = game.table.owners[path]

    def magic_of(c: int) -> tuple[int, int]:
        return (game.record(c).magic or 0) + game.magic_mod(c), -c

    if what == JOIN:
        return max(options, key=magic_of, default=None)
    rivals = [c for c in options if game.controller_of(c) != owner]
    if rivals:
        return max(rivals, key=magic_of)
    return min(options, key=magic_of, default=None)



class Seizing(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def seize(
        self,
        seat: int,
        site: int,
        allies: Sequence[int],
        contest_provider: ContestProvider | None = None,
        maneuvers: Mapping[int, Sequence[int]] | None = None,
        contest_maneuvers: ManeuverProvider | None = None,
        counter_provider: CounterProvider | None = None,
        path_chooser: PathChooser | None = None,
        last_call: LastCallProvider | None = None,
    ) -> SeizureResult:
        """Seize a Site in the Circle with unpivoted active Allies ("Seize a Site").

        Each other Autarch, starting to the left, may contest through
        ``contest_provider`` (returning its unpivoted active characters, or nothing).
        Paths are revealed when the first contest is announced, or before securing;
        their modelled effects (:mod:`.path_effects`) apply to every involved character,
        and ``counter_provider`` may counter each one ("Counter P").
        ``maneuvers``: influence maneuver cards from hand per seizing Ally, played when
        the contest formally begins (after the contesters are named and the Paths
        resolved) or before securing; ``contest_maneuvers`` gives each contesting
        Autarch's ("Seizing Sites and Contests": only the involved Autarchs play
        influence maneuvers). ``path_chooser`` makes the choices Paths leave to their
        owner (default :func:`default_path_choice`). Before each contest formally
        begins (its characters named, the Paths resolved), ``last_call`` asks every
        Autarch holding a Flash, in turn order, whether it plays Flashes
        (:mod:`.last_call`). The Allies pivot afterwards, success or not.
        """
        t = self._start_action(seat)
        s = self.table
        if site not in s.circle:
            raise RuleError("Seize a Site", f"{self.name(site)} is not in the Circle")
        if not allies or len(set(allies)) != len(allies):
            raise RuleError("Seize a Site", "name one or more different Allies")
        for ally in allies:
            self._check_actor(t, seat, ally, "Seize a Site")
        self.check_maneuvers(seat, allies, maneuvers, CardType.INFLUENCE_MANEUVER)
        srec = self.record(site)
        allies = list(allies)
        self._say(f"{self._who(seat)} seizes {srec.name} with {self._names(allies)}.")
        t.acted.update(allies)
        traits = bool(seizing_traits(srec))
        for a in allies if traits else ():
            if n := seizing_bonus(srec, self.record(a), MAGIC):
                self._say(f"{self.name(a)} is Magic {n:+d} seizing {srec.name} (Site trait).")
        fx: list[PathEffect] = []
        bonus: dict[int, int] | None = None
        named: list[tuple[list[int], dict[int, int]]] = []
        contests: list[list[Involved]] = []
        involved = list(allies)
        joined: list[tuple[int, int]] = []
        seats_in = [seat]  # the involved Autarchs, who may counter maneuvers with maneuvers

        def side(cards: Sequence[int], extra: Mapping[int, int], seizing: bool) -> list[Involved]:
            out = []
            for c in cards:
                rec = self.record(c)
                mod = s.magic_mods.get(c, 0) + extra.get(c, 0)
                if c in s.attached:
                    mod += self._lasting(c, MAGIC, cards) + self.attached_versus(c, site=site)
                if fx:
                    mod += sum(magic_change(f, rec) for f in fx if not f.lasting)
                if seizing and traits:
                    mod += seizing_bonus(srec, rec, MAGIC)
                gone = c in s.pivoted or (bool(fx) and not self._in_action(c))
                out.append(Involved(c, rec, gone, mod))
            return out

        def counter() -> tuple[CounterProvider, list[int]] | None:
            return (counter_provider, seats_in) if counter_provider else None

        def reveal() -> None:
            fx.extend(self._reveal_paths(site, involved, counter_provider,
                                         path_chooser or default_path_choice, joined))
            allies.extend(j for jseat, j in joined if jseat == seat)

        def seizers_maneuvers() -> dict[int, int]:
            live = self._live(allies, bool(fx))
            held = _still_involved(maneuvers, live, self.autarch(seat).hand)
            return self._play_maneuvers(seat, live, held, CardType.INFLUENCE_MANEUVER, site,
                                        counter())

        def call(contesting: int, chosen: Sequence[int]) -> None:
            self._last_call(last_call, LastCall(
                CONTEST, seat, tuple(self._live(allies, bool(fx))), contesting,
                tuple(self._live(chosen, bool(fx))), site))

        for other in s.seats_from(seat)[1:]:
            if contest_provider is None:
                break
            chosen = list(contest_provider(self, other, seat, site, list(allies)))
            if not chosen:
                continue
            for c in chosen:
                self._require_active_unpivoted(other, c, "Contesting the Seizure")
            self._say(f"{self._who(other)} contests with {self._names(chosen)}.")
            involved += chosen
            seats_in.append(other)
            if bonus is None:
                reveal()
                chosen += [j for jseat, j in joined if jseat == other]
                call(other, chosen)
                bonus = seizers_maneuvers()
            else:
                call(other, chosen)
            live = self._live(chosen, bool(fx))
            theirs = contest_maneuvers(self, other, live, list(allies)) if (
                contest_maneuvers) else None
            named.append((chosen, self._play_maneuvers(
                other, live, _still_involved(theirs, live, self.autarch(other).hand),
                CardType.INFLUENCE_MANEUVER, site,
                counter())))
            contests = [side(cs, extra, False) for cs, extra in named]
            # Each contest is decided before the next Autarch may contest.
            partial = resolve_seizure(side(allies, bonus, True), contests, srec,
                                      self._seizure_resistance(site, fx),
                                      self.rules.maestro_with_companions)
            if partial.contests and not partial.contests[-1].seizers_win:
                break
        if bonus is None:
            reveal()
            bonus = seizers_maneuvers()
        result = resolve_seizure(side(allies, bonus, True), contests, srec,
                                 self._seizure_resistance(site, fx),
                                 self.rules.maestro_with_companions)
        for fought in result.contests:
            self._say(
                f"Contest: influence {fought.seizing_influence} against"
                f" {fought.contesting_influence};"
                f" {'the seizure goes on' if fought.seizers_win else 'the seizure fails'}."
            )
        s.pivoted.update(c for c in result.pivot if not fx or self._in_action(c))
        if result.secured:
            realm = self.autarch(seat).realm
            for h in result.holders:
                realm.active.remove(h)
            s.circle.remove(site)
            stack = s.paths.pop(site, [])
            for p in stack:  # permanent Paths are discarded once the Site is secured
                self._to_in_ovo(p)
            realm.state.append(SecuredSite(site, list(result.holders)))
            self._say(
                f"{srec.name} is secured (influence {result.influence} against Resistance"
                f" {result.resistance}); Holders: {self._names(result.holders)}."
            )
        elif result.influence is not None:
            self._say(
                f"{srec.name} is not secured (influence {result.influence} against Resistance"
                f" {result.resistance}); it stays in the Circle."
            )
        return result

    def _seizure_resistance(self, site: int, fx: Sequence[PathEffect]) -> int:
        """The Site's Resistance in this seizure, with its revealed Paths' changes."""
        return self.current_resistance(site) + sum(f.resistance for f in fx)

    def _reveal_paths(
        self,
        site: int,
        involved: list[int],
        counter_provider: CounterProvider | None,
        chooser: PathChooser,
        joined: list[tuple[int, int]],
    ) -> list[PathEffect]:
        """Reveal and resolve the Site's Paths one at a time ("Paths"); return the
        effects of those not countered. Pivots, damage, discards, the owner's choices and
        "until end of round" changes apply at once; the Site's Resistance and other Magic
        changes are returned. An Ally a Path moves into the seizure is added to
        ``involved`` and to ``joined`` as ``(seat, ally)``."""
        s = self.table
        stack = s.paths.get(site, [])
        if not stack:
            return []
        effects: list[PathEffect] = []
        countered: list[int] = []

        def resolve(path: int) -> bool:
            if self._countered(path, site, counter_provider):
                countered.append(path)
            else:
                effects.append(self._apply_path(path, involved, chooser, joined))
            return bool(self._live(involved))

        out = reveal_paths(stack, lambda p: self.record(p).permanent, resolve)
        for p in [*out.discarded, *(p for p in countered if p in out.remaining)]:
            self._to_in_ovo(p)
        remaining = [p for p in out.remaining if p not in countered]
        if remaining:
            s.paths[site] = remaining
        else:
            del s.paths[site]
        return effects

    def _apply_path(self, path: int, involved: list[int], chooser: PathChooser,
                    joined: list[tuple[int, int]]) -> PathEffect:
        """Apply one revealed Path's immediate effects to the involved characters."""
        s = self.table
        rec = self.record(path)
        f = path_effect(rec)
        note = "" if f.modelled else " (not modelled by the engine)"
        self._say(f"Path {rec.name} revealed: {rec.powers or 'no printed effect'}{note}")
        self.note_unapplied(path)
        seats = sorted({x for c in involved if (x := self.controller_of(c)) is not None})
        for c in involved:
            if not self._in_action(c):
                continue
            crec = self.record(c)
            if f.lasting and (n := magic_change(f, crec)):
                s.magic_mods[c] = s.magic_mods.get(c, 0) + n
            if n := strength_change(f, crec):
                s.strength_mods[c] = s.strength_mods.get(c, 0) + n
                self._say(f"{crec.name} is Strength {n:+d} until end of round.")
            if pivots(f, crec) and c not in s.pivoted:
                s.pivoted.add(c)
                self._say(f"{crec.name} is pivoted by {rec.name} and leaves the seizure.")
            if f.damage_each:
                self.apply_damage(c, f.damage_each)
        if f.discard_random:
            self._discard_at_random(seats, rec.name)
        for what, n in f.chosen:
            self._path_choice(path, what, n, involved, chooser)
        if f.owner_joins:
            self._path_join(path, involved, chooser, joined, seats)
        return f

    def _discard_at_random(self, seats: Sequence[int], why: str) -> None:
        """Each of ``seats`` discards a card from hand at random, to its In Ovo."""
        for seat in seats:
            a = self.autarch(seat)
            if not a.hand:
                continue
            card = self.rng.choice(a.hand)
            a.hand.remove(card)
            a.in_ovo.append(card)
            self._say(f"{a.name} discards {self.name(card)} at random ({why}).")

    def _path_choice(self, path: int, what: str, n: int, involved: Sequence[int],
                     chooser: PathChooser) -> None:
        """Pivot, damage or return to the Reserve one involved character still in the
        action, chosen by the Path's owner."""
        options = self._live(involved)
        if not options:
            return
        card = chooser(self, path, what, options)
        if card not in options:
            raise RuleError("Paths", f"choose one of {self._names(options)}")
        who = f"{self.name(card)} (chosen by {self._who(self.table.owners[path])})"
        if what == PIVOT:
            self.table.pivoted.add(card)
            self._say(f"{who} is pivoted by {self.name(path)} and leaves the seizure.")
        elif what == DAMAGE:
            self._say(f"{who} takes {n} damage from {self.name(path)}.")
            self.apply_damage(card, n)
        elif what == RETURN:
            realm = self.autarch(self.controller_of(card)).realm  # type: ignore[arg-type]
            realm.active.remove(card)
            realm.reserve.append(card)
            self._say(f"{who} returns to the Reserve and leaves the seizure.")

    def _path_join(self, path: int, involved: list[int], chooser: PathChooser,
                   joined: list[tuple[int, int]], seats: Sequence[int]) -> None:
        """"The Path's owner may move one of their active Allies into the seizure": only
        an owner already involved, on its own side (ruling ``path-choices``)."""
        owner = self.table.owners[path]
        if owner not in seats:
            self._say(f"{self._who(owner)} is not involved: {self.name(path)} has no effect.")
            return
        options = [c for c in self.autarch(owner).realm.active
                   if c not in involved and c not in self.table.pivoted]
        card = chooser(self, path, JOIN, options) if options else None
        if card is None:
            return
        if card not in options:
            raise RuleError("Paths", f"choose one of {self._names(options)}")
        involved.append(card)
        joined.append((owner, card))
        self._say(f"{self._who(owner)} moves {self.name(card)} into the seizure"
                  f" ({self.name(path)}).")
