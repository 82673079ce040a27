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


class PlayoutPlayer:
    """Flat Monte Carlo: each legal move is tried `playouts` times, finishing the game with random moves,
    and the move that won most often for its seat is played (ties: the earlier, more useful move).

    It plays fair: the games it imagines start from a copy whose dice are re-seeded (it can't know the
    coming rolls), and it only plays games that say `perfect_information = True` (nothing else hidden),
    or that offer `determinize(dump, seat, rng) -> dump` to re-deal what that seat can't see."""

    name = "playout"

    def __init__(self, playouts: int = 24, max_moves: int = 2_000):
        self.playouts = playouts
        self.max_moves = max_moves

    @staticmethod
    def can_play(engine: Engine) -> bool:
        return bool(getattr(engine, "perfect_information", False)) or hasattr(engine, "determinize")

    def choose(self, engine: Engine, state: Any, seat: int, rng: Rng) -> str:
        moves = engine.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"{engine.id}: seat {seat} is to move but has no legal move")
        if len(moves) == 1:
            return moves[0]
        base = engine.dump(state)
        best, best_score = moves[0], -1.0
        for move in moves:
            score = 0.0
            for _ in range(self.playouts):
                score += self._imagine(engine, base, seat, move, rng)
            if score > best_score:
                best, best_score = move, score
        return best

    def _imagine(self, engine: Engine, base: dict, seat: int, move: str, rng: Rng) -> float:
        """One imagined game after `move`: 1 if the seat ends among the winners, else 0."""
        data = dict(base)
        data["rng"] = {"state": rng.below(1 << 62), "stack": []}
        if hasattr(engine, "determinize"):
            data = engine.determinize(data, seat, rng)
        state = engine.load(data)
        engine.play(state, seat, move)
        moves = 0
        while engine.outcome(state) is None and moves < self.max_moves:
            waiting = engine.to_move(state)
            who = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            engine.play(state, who, rng.choice(engine.legal_moves(state, who)))
            moves += 1
        outcome = engine.outcome(state)
        return 1.0 if outcome is not None and seat in outcome.winners else 0.0


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
