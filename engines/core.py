"""The engine contract every game satisfies, and the small pieces all games share.

An engine is a stateless object; a game is a *state* the engine creates (`setup`), changes (`play`) and
reads (`to_move`, `legal_moves`, `view`, `outcome`). States are plain Python objects that the engine
dumps to and loads from JSON-ready dicts. Randomness comes only from `Rng`, whose state lives inside
the game state, so the same seed and the same moves give the same game, bit for bit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "Engine",
    "Event",
    "IllegalMove",
    "InvalidOption",
    "Option",
    "Outcome",
    "Rng",
    "event_text",
    "resolve_options",
]


class IllegalMove(Exception):
    """A move that the rules refuse. The message is a sentence a player understands."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class InvalidOption(ValueError):
    """A game option that is unknown or has a value outside what the game allows."""


@dataclass(frozen=True)
class Event:
    """Something that happened. `to=None` is public; `to=seat` is private to that seat.

    `kind` is a key of the game's message catalog (`engines/<id>/messages/<locale>.json`) and `params`
    fill its placeholders; both are JSON-ready.
    """

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    to: int | None = None

    def dump(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind, "params": self.params}
        if self.to is not None:
            data["to"] = self.to
        return data

    @classmethod
    def load(cls, data: Mapping) -> Event:
        return cls(data["kind"], dict(data.get("params", {})), data.get("to"))


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `winners` are the winning seats (every seat in a won cooperative game; empty when all lose).
    `kind` is a catalog key (e.g. "outcome.total") whose text is filled from `params`.
    `scores` maps seat -> final score where the game has scores.
    """

    winners: tuple[int, ...]
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    scores: dict[int, float] | None = None

    def dump(self) -> dict:
        return {
            "winners": list(self.winners),
            "kind": self.kind,
            "params": self.params,
            "scores": None if self.scores is None else {str(k): v for k, v in self.scores.items()},
        }

    @classmethod
    def load(cls, data: Mapping) -> Outcome:
        scores = data.get("scores")
        return cls(
            tuple(data["winners"]),
            data["kind"],
            dict(data.get("params", {})),
            None if scores is None else {int(k): v for k, v in scores.items()},
        )


_MISSING = object()


@dataclass(frozen=True)
class Option:
    """A named variant. `choices` lists the allowed values; otherwise `minimum`/`maximum` bound an int.

    `kind` is one of "int", "bool", "str". Values typed by users arrive as strings and are coerced.
    `hidden` options (like the test `stack`) are accepted but never offered in a user interface.
    """

    name: str
    default: Any
    help: str = ""
    kind: str = "str"
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    hidden: bool = False

    def allowed(self) -> str:
        if self.choices is not None:
            return ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            if lo and hi:
                return f"a whole number from {lo} to {hi}"
            if lo:
                return f"a whole number ≥ {lo}"
            if hi:
                return f"a whole number ≤ {hi}"
            return "a whole number"
        return "any text"

    def coerce(self, value: Any) -> Any:
        """Return the value in its proper type, or raise InvalidOption with the allowed values."""
        bad = InvalidOption(f"Option {self.name}: {value!r} is not allowed; use {self.allowed()}.")
        if self.hidden:
            return value
        if self.kind == "bool":
            if isinstance(value, bool):
                result: Any = value
            elif str(value).strip().lower() in ("true", "yes", "on", "1"):
                result = True
            elif str(value).strip().lower() in ("false", "no", "off", "0"):
                result = False
            else:
                raise bad
        elif self.kind == "int":
            if isinstance(value, bool):
                raise bad
            if isinstance(value, int):
                result = value
            else:
                text = str(value).strip()
                if self.choices is not None:
                    # Mixed choices like ("unlimited", 10, 20): accept the words as they are.
                    for choice in self.choices:
                        if str(choice).lower() == text.lower():
                            return choice
                try:
                    result = int(text)
                except ValueError:
                    raise bad from None
            if self.minimum is not None and result < self.minimum:
                raise bad
            if self.maximum is not None and result > self.maximum:
                raise bad
        else:
            result = str(value).strip().lower() if isinstance(value, str) else value
        if self.choices is not None and result not in self.choices:
            raise bad
        return result


def resolve_options(engine: Engine, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate user options against the engine's list and fill in every default.

    Unknown names and bad values raise InvalidOption with a message naming the allowed values.
    """
    known = {opt.name: opt for opt in engine.options}
    given = dict(given or {})
    unknown = sorted(set(given) - set(known) - {"stack"})
    if unknown:
        names = ", ".join(opt.name for opt in engine.options if not opt.hidden) or "none"
        raise InvalidOption(f"{engine.title} has no option {unknown[0]!r}; its options are: {names}.")
    resolved = {}
    for name, opt in known.items():
        resolved[name] = opt.coerce(given[name]) if name in given else opt.default
    if "stack" in given:
        resolved["stack"] = given["stack"]
    return resolved


@runtime_checkable
class Engine(Protocol):
    id: str
    title: str
    seats: range
    options: list[Option]

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> Any: ...

    def to_move(self, state: Any) -> list[int]: ...

    def legal_moves(self, state: Any, seat: int) -> list[str]: ...

    def play(self, state: Any, seat: int, move: str) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def dump(self, state: Any) -> dict: ...

    def load(self, data: dict) -> Any: ...


class Rng:
    """A small seedable generator (splitmix64) whose whole state is one integer.

    `stack` is a list of forced die results (scenario option): `die()` uses them first, in order,
    then the generator takes over. Both the integer and the remaining stack are part of `dump()`.
    """

    __slots__ = ("state", "stack")
    _MASK = (1 << 64) - 1

    def __init__(self, seed: int = 0, stack: Sequence[int] | None = None):
        self.state = seed & self._MASK
        self.stack = list(stack or [])

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # Rejection sampling keeps it exactly uniform.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both included."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        """A die roll 1..sides; forced results from `stack` come first."""
        if self.stack:
            return self.stack.pop(0)
        return 1 + self.below(sides)

    def random(self) -> float:
        return (self._next() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[Any]) -> Any:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def dump(self) -> dict:
        return {"state": self.state, "stack": list(self.stack)}

    @classmethod
    def load(cls, data: Mapping) -> Rng:
        rng = cls(0, data.get("stack"))
        rng.state = int(data["state"])
        return rng

    def copy(self) -> Rng:
        rng = Rng(0, self.stack)
        rng.state = self.state
        return rng


# --- message catalogs -------------------------------------------------------------------------------

_ENGINES_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=64)
def _catalog(game_id: str, locale: str) -> dict[str, str]:
    path = _ENGINES_DIR / game_id / "messages" / f"{locale}.json"
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def event_text(game_id: str, kind: str, params: Mapping[str, Any] | None = None, locale: str = "en") -> str:
    """The sentence for an event (or outcome) kind, from the game's catalog in `locale`.

    Falls back to English, then to the kind and its parameters, so nothing is ever lost.
    Placeholders are `str.format` fields: "Fire grows on square {square}."
    """
    params = dict(params or {})
    template = _catalog(game_id, locale).get(kind) or _catalog(game_id, "en").get(kind)
    if template is None:
        if not params:
            return kind
        return kind + " " + ", ".join(f"{k}={v}" for k, v in params.items())
    return template.format_map(_Blank(params))
