"""Forest Fire: the Fire against the Fire Chief on a path of 11 squares (rules/forestfire.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Option, Outcome
from engines.forestfire import game
from engines.forestfire.game import State, expand

__all__ = ["ENGINE", "ForestFire", "State", "expand"]


class ForestFire:
    """The engine object: stateless; every method works on a `game.State`."""

    id = "forestfire"
    title = "Forest Fire"
    seats = range(2, 3)
    # R7.3: nothing is hidden but the dice, so a computer player may imagine games from any position.
    perfect_information = True
    options: list[Option] = game.OPTIONS

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats not in self.seats:
            raise ValueError(f"Forest Fire is for exactly 2 players, not {seats}.")
        return game.setup(options or {}, seed)

    def to_move(self, state: State) -> list[int]:
        if state.phase == game.OVER:
            return []
        if state.phase == game.CHIEF:
            return [1 - state.fire_seat]
        return [state.fire_seat]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return game.legal_moves(state, seat)

    def play(self, state: State, seat: int, move: str) -> list[Event]:
        return game.play(state, seat, move)

    def view(self, state: State, seat: int | None) -> dict:
        return game.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return game.outcome(state)

    def dump(self, state: State) -> dict:
        return game.dump_state(state)

    def load(self, data: dict) -> State:
        return game.load_state(data)

    def log_form(self, move: str, events: list[Event] | None = None) -> list[str]:
        """R11.1: how the move log records a played move (the intensify shortcut as intensify + puts).

        Given the move's events, only the markers actually placed are recorded as puts: a shortcut whose
        burn ends the game (R8.1) is then logged as `intensify <sq>` alone."""
        return expand(move, events)


ENGINE = ForestFire()
