"""The scenario's Weather Table row (29.6) and Initiative Ratings (7.2) for the current
Game-Turn, as players read them.

Weather: the row in force for the Game-Turn (``"GT 13-20 winter: 11-23 normal, 24-55 hot, 56-66
sandstorm"``) and the weather a two-dice reading (tens die first, 11-66) gives on it.

Initiative Ratings: each side's situations are tested in file order for the current
Game-Turn; the first that holds gives the rating. The ledger tests what the situations printed
say about counters on the game maps (a counter in play at a map hex, ``A0101``-``E9999``):
"Rommel counter on the game maps" holds while a counter of class ``ge.commander`` is in play on
a map hex; "German land combat units" while a German unit that is not an HQ or a commander is;
"no Rommel counter" and "no German combat unit" are their opposites. A situation that says none
of these (``"Game-Turns 1-42"``) holds through its Game-Turns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ledger.model.campaign import InitiativeRating, WeatherSeason
from ledger.model.errors import LedgerError
from ledger.model.state import GameState
from ledger.model.units import SIDES, Side, Unit

_MAP_HEX: Final = re.compile(r"^[A-E]\d{4}$")
COMMANDER_CLASS: Final = "ge.commander"
"""The class of the Rommel counter (7.2's "Rommel counter on the game maps")."""


def weather_season(state: GameState) -> WeatherSeason | None:
    """The Weather Table row (29.6) in force for the current Game-Turn (``None``: the scenario
    gives none for it)."""
    turn = state.clock.game_turn
    return next((w for w in state.schedule.weather if w.first <= turn <= w.last), None)


def weather_row_text(season: WeatherSeason) -> str:
    """``"GT 13-20 winter: 11-23 normal, 24-55 hot, 56-66 sandstorm"`` (29.6)."""
    bands = ", ".join(f"{b.low}-{b.high} {b.weather}" for b in season.bands)
    return f"GT {season.first}-{season.last} {season.season}: {bands}"


def weather_row(state: GameState) -> str:
    """The current Game-Turn's Weather Table row in words, with its case; a sentence saying
    the scenario gives none otherwise."""
    season = weather_season(state)
    if season is None:
        return f"{state.info.name} gives no Weather Table row for GT {state.clock.game_turn}"
    return f"{weather_row_text(season)} ({season.case})"


def weather_for_dice(state: GameState, dice: int, field: str = "dice") -> str | LedgerError:
    """The weather a two-dice reading ``dice`` (tens die first: 11-66, each die 1-6) gives on
    the current Game-Turn's row (29.6); an error for ``field`` for a reading two dice cannot
    give or a Game-Turn with no row."""
    tens, units = divmod(dice, 10)
    if not (1 <= tens <= 6 and 1 <= units <= 6):
        return LedgerError(field, f"{dice} is not a two-dice reading (11-66, each die 1-6)", "29.6")
    season = weather_season(state)
    if season is None:
        return LedgerError(field, weather_row(state), "29.6")
    for band in season.bands:
        if band.low <= dice <= band.high:
            return band.weather
    return LedgerError(field, f"{dice} is on no band of {weather_row_text(season)}", "29.6")


@dataclass(frozen=True, slots=True)
class InitiativeNow:
    """A side's Initiative Rating (7.2) for the current Game-Turn: ``rating`` and the
    ``situation`` that gives it (``None`` and ``""``: none holds), and every situation printed
    for the Game-Turn with whether it holds, in file order."""

    side: Side
    rating: int | None
    situation: str
    situations: tuple[tuple[str, int, bool], ...]
    case: str = "7.2"


def _on_map(unit: Unit, state: GameState) -> bool:
    return unit.in_play(state.clock) and bool(_MAP_HEX.match(unit.location.strip()))


def rommel_on_map(state: GameState) -> bool:
    """True while a counter of class ``ge.commander`` is in play on a map hex."""
    return any(u.class_id == COMMANDER_CLASS and _on_map(u, state) for u in state.units.values())


def german_combat_on_map(state: GameState) -> bool:
    """True while a German unit that is neither an HQ nor a commander is in play on a map
    hex."""
    for u in state.units.values():
        cls = state.classes.get(u.class_id)
        kind = cls.unit_type if cls is not None else ""
        if (
            u.nationality == "german"
            and kind not in ("headquarters", "commander")
            and _on_map(u, state)
        ):
            return True
    return False


def situation_holds(state: GameState, rating: InitiativeRating) -> bool:
    """Whether ``rating``'s situation holds now (see the module): within its Game-Turns and
    true of the counters on the map as far as its words say."""
    if not rating.first <= state.clock.game_turn <= rating.last:
        return False
    text = rating.situation.casefold()
    if "no rommel" in text:
        if rommel_on_map(state):
            return False
    elif "rommel counter on" in text and not rommel_on_map(state):
        return False
    if "no german combat unit" in text:
        if german_combat_on_map(state):
            return False
    elif "german land combat unit" in text and not german_combat_on_map(state):
        return False
    return True


def initiative_ratings(state: GameState) -> list[InitiativeNow]:
    """Each side's Initiative Rating for the current Game-Turn (7.2), Axis first; a side the
    scenario gives no rating is left out."""
    found = []
    for side in SIDES:
        printed = [
            r
            for r in state.schedule.initiative_ratings
            if r.side == side and r.first <= state.clock.game_turn <= r.last
        ]
        if not printed:
            continue
        tested = tuple((r.situation, r.rating, situation_holds(state, r)) for r in printed)
        first = next(((s, n) for s, n, holds in tested if holds), None)
        found.append(
            InitiativeNow(
                side,
                None if first is None else first[1],
                "" if first is None else first[0],
                tested,
            )
        )
    return found
