"""Computer players. They see the game only through the engine contract, like a person would."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Rng


class RandomPlayer:
    """Picks uniformly among the legal moves, with its own seeded Rng (so games stay reproducible)."""

    name = "random"

    def choose(self, engine: Engine, state: Any, seat: int, rng: Rng) -> str:
        moves = engine.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"{engine.id}: seat {seat} is to move but has no legal move")
        return rng.choice(moves)


def playout(engine: Engine, state: Any, rng: Rng, max_moves: int = 100_000) -> int:
    """Play random moves until the game ends; returns the number of moves played."""
    player = RandomPlayer()
    played = 0
    while engine.outcome(state) is None:
        seats = engine.to_move(state)
        if not seats:
            raise RuntimeError(f"{engine.id}: nobody to move but no outcome")
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        engine.play(state, seat, player.choose(engine, state, seat, rng))
        played += 1
        if played >= max_moves:
            raise RuntimeError(f"{engine.id}: no outcome after {max_moves} moves")
    return played
