"""Forest Fire (Carl de Visser, iteration 2): the Fire against the Fire Chief on a path of 11 squares.

Spec: rules/forestfire.md. Rule ids (R…) and decisions (D…) are cited where the code is not obvious.

The state is a small object with __slots__ (lists of ints and bools), so random playouts are cheap.
`play` validates a move completely before it changes anything, so an IllegalMove leaves the state as it
was.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, IllegalMove, InvalidOption, Option, Outcome, Rng

SQUARES = 11
TOWN = 1
CAPACITY = 5  # R2.5 water per engine
MOVE_BASE = 5  # R6.4 move allowance = 5 - water
BURNOUT_AT = 6  # R5.3
TOTAL_VICTORY_AT = 10  # R8.1
SPRAY_NEEDS = (1, 3, 5)  # R6.4 roll needed by distance 0, 1, 2 (distance 0 never rolls)
ENGINES = ("a", "b")
ROLES = ("Fire", "Chief")

# Phases of play.
FIRE = "fire"  # the Fire's Step B: one action awaited
PUT = "put"  # the Fire places the markers of an intensify
CHIEF = "chief"  # the Chief's engine actions
OVER = "over"

# Engine action status during the Chief's turn (R5.4, R6.4).
READY, ACTING, DONE = 0, 1, 2
STATUS_NAMES = ("ready", "acting", "done")


class SupplyOption(Option):
    """`fire_supply`: the word "unlimited" or a whole number of markers >= 1 (spec §9)."""

    def allowed(self) -> str:
        return "unlimited, or a whole number ≥ 1"

    def coerce(self, value: Any) -> Any:
        bad = InvalidOption(f"Option {self.name}: {value!r} is not allowed; use {self.allowed()}.")
        if isinstance(value, bool):
            raise bad
        if isinstance(value, int):
            number = value
        else:
            text = str(value).strip().lower()
            if text == "unlimited":
                return "unlimited"
            if not (text.isascii() and text.isdigit()):
                raise bad
            number = int(text)
        if number < 1:
            raise bad
        return number


OPTIONS = [
    Option("roles", "fixed", "Who is the Fire: fixed (seat 1 Fire, seat 2 Chief) or random.", "str",
           choices=("fixed", "random")),
    Option("max_rounds", 100, "Safeguard: the game is judged after this many rounds.", "int", minimum=10),
    SupplyOption("fire_supply", "unlimited", "Fire markers available: unlimited or a number.", "str"),
    Option("stack", None, "Forced d6 results, for scenarios and tests.", hidden=True),
]


class State:
    """A Forest Fire game. Index 0 of `fire` and `burnt` is unused so squares index directly."""

    __slots__ = (
        "fire", "burnt", "pos", "water", "alive", "status", "loaded", "sprayed",
        "fire_seat", "phase", "round", "max_rounds", "supply", "placing", "result", "rng",
    )

    def __init__(self) -> None:
        self.fire = [0] * (SQUARES + 1)
        self.burnt = [False] * (SQUARES + 1)
        self.pos = [TOWN, TOWN]
        self.water = [0, 0]
        self.alive = [True, True]
        self.status = [READY, READY]
        self.loaded = [False, False]
        self.sprayed = [False, False]
        self.fire_seat = 0
        self.phase = FIRE
        self.round = 1
        self.max_rounds = 100
        self.supply: int | None = None  # total markers under a finite fire_supply, None = unlimited
        self.placing: list[int] | None = None  # [square intensified, k, markers left to put]
        self.result: dict | None = None  # {"tier", "reason"} once the game is over
        self.rng = Rng(0)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return dump_state(self) == dump_state(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"State({dump_state(self)!r})"


# --- derived quantities ---------------------------------------------------------------------------------

def vp_parts(s: State) -> tuple[int, int, int]:
    """R7.1: (burnt forest squares, town points, engine points)."""
    burnt = s.burnt
    forest = sum(1 for i in range(2, SQUARES + 1) if burnt[i])
    town = 10 if burnt[TOWN] else 0
    engines = 5 * (2 - s.alive[0] - s.alive[1])
    return forest, town, engines


def victory_points(s: State) -> int:
    forest, town, engines = vp_parts(s)
    return forest + town + engines


def supply_left(s: State) -> int | None:
    """Markers still off the board under a finite supply (removed and burnt markers come back)."""
    if s.supply is None:
        return None
    return s.supply - sum(s.fire)


def gust_targets(s: State) -> list[int]:
    """R6.1, D1, D2: the existing, unburnt squares among L-1, L-2, L-3 (L = leftmost fire)."""
    fire = s.fire
    for low in range(1, SQUARES + 1):
        if fire[low]:
            break
    else:
        return []
    burnt = s.burnt
    return [t for t in (low - 1, low - 2, low - 3) if t >= 1 and not burnt[t]]


def intensify_targets(s: State, square: int, k: int) -> list[int]:
    """R6.3, D3: unburnt squares t with 1 <= |t - square| <= k (square itself is about to burn)."""
    burnt = s.burnt
    lo = max(1, square - k)
    hi = min(SQUARES, square + k)
    return [t for t in range(lo, hi + 1) if t != square and not burnt[t]]


def fire_in_reach(s: State, e: int) -> bool:
    """D7: is there fire within distance 2 of engine e?"""
    p = s.pos[e]
    fire = s.fire
    for t in range(max(1, p - 2), min(SQUARES, p + 2) + 1):
        if fire[t]:
            return True
    return False


def fire_is_out(s: State) -> bool:
    return not any(s.fire)


# --- dump / load ----------------------------------------------------------------------------------------

def dump_state(s: State) -> dict:
    return {
        "fire": {str(i): s.fire[i] for i in range(1, SQUARES + 1) if s.fire[i]},
        "burnt": [i for i in range(1, SQUARES + 1) if s.burnt[i]],
        "engines": {
            name: {
                "pos": s.pos[e],
                "water": s.water[e],
                "alive": s.alive[e],
                "status": STATUS_NAMES[s.status[e]],
                "loaded": s.loaded[e],
                "sprayed": s.sprayed[e],
            }
            for e, name in enumerate(ENGINES)
        },
        "fire_seat": s.fire_seat,
        "phase": s.phase,
        "round": s.round,
        "max_rounds": s.max_rounds,
        "fire_supply": "unlimited" if s.supply is None else s.supply,
        "placing": None if s.placing is None else {
            "square": s.placing[0], "k": s.placing[1], "left": s.placing[2]},
        "result": None if s.result is None else dict(s.result),
        "rng": s.rng.dump(),
    }


def load_state(data: Mapping) -> State:
    """Build a state from a dump. Missing fields take their start values, so scenario dumps stay short."""
    s = State()
    for key, count in (data.get("fire") or {}).items():
        square = int(key)
        if not 1 <= square <= SQUARES or int(count) < 0:
            raise ValueError(f"bad fire entry {key!r}: {count!r}")
        s.fire[square] = int(count)
    for square in data.get("burnt") or []:
        s.burnt[int(square)] = True
    engines = data.get("engines") or {}
    for e, name in enumerate(ENGINES):
        info = engines.get(name) or {}
        s.pos[e] = int(info.get("pos", TOWN))
        s.water[e] = int(info.get("water", 0))
        s.alive[e] = bool(info.get("alive", True))
        s.status[e] = STATUS_NAMES.index(info.get("status", "ready")) if s.alive[e] else DONE
        s.loaded[e] = bool(info.get("loaded", False))
        s.sprayed[e] = bool(info.get("sprayed", False))
    s.fire_seat = int(data.get("fire_seat", 0))
    s.phase = data.get("phase", FIRE)
    s.round = int(data.get("round", 1))
    s.max_rounds = int(data.get("max_rounds", 100))
    supply = data.get("fire_supply", "unlimited")
    s.supply = None if supply in (None, "unlimited") else int(supply)
    placing = data.get("placing")
    s.placing = None if placing is None else [int(placing["square"]), int(placing["k"]), int(placing["left"])]
    result = data.get("result")
    s.result = None if result is None else dict(result)
    s.rng = Rng.load(data["rng"]) if "rng" in data else Rng(0)
    return s


# --- game flow ------------------------------------------------------------------------------------------

def setup(options: Mapping[str, Any], seed: int) -> State:
    s = State()
    s.rng = Rng(seed, options.get("stack") or None)
    roles = options.get("roles", "fixed")
    if roles not in ("fixed", "random"):
        raise InvalidOption(f"Option roles: {roles!r} is not allowed; use fixed, random.")
    if roles == "random":
        s.fire_seat = s.rng.below(2)  # R4.1: roles drawn at random
    s.max_rounds = int(options.get("max_rounds", 100))
    supply = options.get("fire_supply", "unlimited")
    s.supply = None if supply in (None, "unlimited") else int(supply)
    s.fire[SQUARES] = 1  # R4.2
    s.phase = FIRE  # R4.3 the Fire starts; its first Step A can change nothing (D10)
    return s


def finish(s: State, reason: str, events: list[Event]) -> None:
    """End the game: R8.1 (reason "vp"), R8.2 ("out") or R8.3 ("rounds")."""
    vp = victory_points(s)
    if vp >= TOTAL_VICTORY_AT:
        tier = "total"
    elif vp >= 8:
        tier = "marginal"
    else:
        tier = "chief"  # D11
    s.result = {"tier": tier, "reason": reason}
    s.phase = OVER
    s.placing = None
    events.append(Event(f"game.{reason}", {"vp": vp, "round": s.round}))


def check_total(s: State, events: list[Event]) -> bool:
    """R8.1: 10 VP ends the game at once."""
    if victory_points(s) >= TOTAL_VICTORY_AT:
        finish(s, "vp", events)
        return True
    return False


def check_out(s: State, events: list[Event]) -> bool:
    """R8.2, D12: no fire on the path ends the game at once."""
    if fire_is_out(s):
        finish(s, "out", events)
        return True
    return False


def start_fire_turn(s: State, events: list[Event]) -> None:
    """R4.3 next round, R5.1 Step A (destroy engines standing on fire), then wait for Step B."""
    s.phase = FIRE
    s.status[0] = READY if s.alive[0] else DONE
    s.status[1] = READY if s.alive[1] else DONE
    s.loaded[0] = s.loaded[1] = False
    s.sprayed[0] = s.sprayed[1] = False
    events.append(Event("turn.fire", {"round": s.round}))
    for e in (0, 1):
        if s.alive[e] and s.fire[s.pos[e]] >= 1:  # burnt squares never hold fire: engines there are safe
            s.alive[e] = False
            s.water[e] = 0
            s.status[e] = DONE
            events.append(Event("engine.destroyed", {"engine": ENGINES[e], "square": s.pos[e],
                                                     "vp": victory_points(s)}))
    check_total(s, events)


def burn(s: State, square: int, events: list[Event], kind: str) -> None:
    s.fire[square] = 0
    s.burnt[square] = True
    events.append(Event("town.burnt" if square == TOWN else kind, {"square": square, "vp": victory_points(s)}))


def step_c(s: State, events: list[Event]) -> None:
    """R5.3 burn-out, then R8.1 and R8.2; otherwise the Chief's turn begins."""
    fire = s.fire
    for square in range(1, SQUARES + 1):
        if fire[square] >= BURNOUT_AT:
            burn(s, square, events, "fire.burnout")
    if check_total(s, events) or check_out(s, events):
        return
    s.phase = CHIEF
    s.status[0] = READY if s.alive[0] else DONE
    s.status[1] = READY if s.alive[1] else DONE
    events.append(Event("turn.chief", {"round": s.round}))


def end_chief_turn(s: State, events: list[Event]) -> None:
    """R5.5 the turn is over; R8.3 the round limit; else the next round's Fire turn."""
    if s.round >= s.max_rounds:
        finish(s, "rounds", events)
        return
    s.round += 1
    start_fire_turn(s, events)


def outcome(s: State) -> Outcome | None:
    if s.result is None:
        return None
    forest, town, engines = vp_parts(s)
    vp = forest + town + engines
    tier = s.result["tier"]
    fire_seat, chief_seat = s.fire_seat, 1 - s.fire_seat
    winner = chief_seat if tier == "chief" else fire_seat  # D13: always exactly one winner
    params = {
        "tier": tier,
        "reason": s.result["reason"],
        "winner_role": "chief" if tier == "chief" else "fire",
        "winner": winner,
        "fire_seat": fire_seat,
        "chief_seat": chief_seat,
        "vp": vp,
        "burnt_squares": forest,
        "town": town,
        "engines": engines,
        "engines_destroyed": engines // 5,
        "rounds": s.round,
    }
    return Outcome((winner,), f"outcome.{tier}", params, None)


# --- move parsing and validation ------------------------------------------------------------------------

def _square(token: str) -> int:
    if not (token.isascii() and token.isdigit()):
        raise IllegalMove(f"{token!r} is not a square: squares are the numbers 1 to {SQUARES}.")
    square = int(token)
    if not 1 <= square <= SQUARES:
        raise IllegalMove(f"There is no square {square}: squares are numbered 1 to {SQUARES}.")
    return square


def _engine(s: State, token: str) -> int:
    if token not in ENGINES:
        raise IllegalMove(f"{token!r} is not a fire engine: the engines are a and b.")
    e = ENGINES.index(token)
    if not s.alive[e]:
        raise IllegalMove(f"Engine {token} was destroyed: it is out of the game.")
    if s.status[e] == DONE:
        raise IllegalMove(f"Engine {token} has completed its action this turn.")
    return e


def _arity(words: list[str], n: int, form: str) -> None:
    if len(words) != n:
        raise IllegalMove(f"Type it as `{form}`.")


FIRE_VERBS = ("gust", "grow", "intensify", "put")
CHIEF_VERBS = ("load", "move", "spray", "done", "end")


def play(s: State, seat: int, move: str) -> list[Event]:
    if s.phase == OVER:
        raise IllegalMove("The game is over.")
    if not isinstance(move, str) or not move.split():
        raise IllegalMove("Type a move, for example `grow 11` or `move a 4`.")
    words = move.lower().split()
    verb = words[0]
    if verb not in FIRE_VERBS and verb not in CHIEF_VERBS:
        raise IllegalMove(f"Unknown move {verb!r}: the moves are gust, grow, intensify, put, load, move, "
                          "spray, done and end.")
    if seat not in (0, 1):
        raise IllegalMove(f"There is no seat {seat} in this game.")
    fire_turn = s.phase != CHIEF
    if seat != (s.fire_seat if fire_turn else 1 - s.fire_seat):
        whose = "the Fire's" if fire_turn else "the Chief's"
        raise IllegalMove(f"It is not your turn: it is {whose} turn.")
    if fire_turn:
        if verb in CHIEF_VERBS:
            raise IllegalMove(f"`{verb}` is a Fire Chief move; the Fire plays gust, grow, intensify or put.")
        return _play_fire(s, words)
    if verb in FIRE_VERBS:
        raise IllegalMove(f"`{verb}` is a Fire move; the Chief plays load, move, spray, done or end.")
    return _play_chief(s, words)


def _play_fire(s: State, words: list[str]) -> list[Event]:
    verb = words[0]
    fire = s.fire
    events: list[Event] = []
    if s.phase == PUT:
        if verb != "put":
            left = s.placing[2]
            raise IllegalMove(f"Finish the intensify first: {left} marker(s) still to place with `put <square>`.")
        _arity(words, 2, "put <square>")
        square, k, _left = s.placing
        target = _check_put(s, square, k, _square(words[1]))
        _put(s, target, events)
        return events
    if verb == "put":
        raise IllegalMove("There are no markers to place: `put` follows an intensify.")
    if verb == "gust":
        _arity(words, 1, "gust")
        targets = gust_targets(s)
        if not targets:
            raise IllegalMove("A gust would place nothing: the three squares left of the leftmost fire are "
                              "burnt out or off the path.")
        left = supply_left(s)
        if left is not None:
            targets = targets[:left]
        for t in targets:
            fire[t] += 1
        if targets:
            events.append(Event("fire.gust", {"squares": ", ".join(map(str, targets))}))
        else:
            events.append(Event("fire.gust_empty", {}))  # §9: the finite supply is empty
        step_c(s, events)
        return events
    if verb == "grow":
        _arity(words, 2, "grow <square>")
        square = _square(words[1])
        if not fire[square]:
            raise IllegalMove(f"Square {square} has no fire: grow a square that already burns.")
        left = supply_left(s)
        if left is None or left > 0:
            fire[square] += 1
            events.append(Event("fire.grow", {"square": square, "count": fire[square]}))
        else:
            events.append(Event("fire.grow_empty", {"square": square}))
        step_c(s, events)
        return events
    # intensify <sq> [t1 ... t2k]
    if len(words) < 2:
        raise IllegalMove("Type it as `intensify <square>` (targets may follow).")
    square = _square(words[1])
    k = fire[square]
    if not k:
        raise IllegalMove(f"Square {square} has no fire: intensify a square that burns.")
    eligible = intensify_targets(s, square, k)
    left = supply_left(s)
    count = 2 * k if left is None else min(2 * k, left + k)  # §9: the burnt markers return first
    burn_ends_game = victory_points(s) + (10 if square == TOWN else 1) >= TOTAL_VICTORY_AT
    # R6.3: if the burn ends the game (R8.1), the listed targets are ignored, whatever they are.
    given = [] if burn_ends_game else [_square(w) for w in words[2:]]
    if given:
        if not eligible:
            raise IllegalMove(f"No square can take the markers of square {square}: type `intensify {square}` "
                              "alone.")
        if len(given) != count:
            raise IllegalMove(f"Intensifying square {square} places {count} markers: list exactly {count} "
                              f"targets (you listed {len(given)}).")
        for t in given:
            if t not in eligible:
                _check_put(s, square, k, t)  # raises with the precise reason
    # Valid: burn the square (R6.3 step 1).
    events.append(Event("fire.intensify", {"square": square, "k": k, "markers": count}))
    burn(s, square, events, "fire.intensified")
    if check_total(s, events):  # D3: a 10-VP burn ends the game before any marker is placed
        return events
    if not eligible:
        events.append(Event("fire.discarded", {"square": square, "markers": count}))
        if check_out(s, events):
            return events
        step_c(s, events)
        return events
    s.phase = PUT
    s.placing = [square, k, count]
    for t in given:
        _put(s, t, events)
    return events


def _check_put(s: State, square: int, k: int, target: int) -> int:
    distance = abs(target - square)
    if target == square:
        raise IllegalMove(f"Square {square} has just burnt out: place the markers around it.")
    if s.burnt[target]:
        raise IllegalMove(f"Square {target} is burnt out: fire can't be placed there.")
    if distance > k:
        raise IllegalMove(f"Square {target} is {distance} squares from square {square}: markers go at most "
                          f"{k} away.")
    return target


def _put(s: State, target: int, events: list[Event]) -> None:
    s.fire[target] += 1
    s.placing[2] -= 1
    left = s.placing[2]
    events.append(Event("fire.put", {"square": target, "left": left}))
    if left == 0:
        s.placing = None
        s.phase = FIRE
        step_c(s, events)


def _play_chief(s: State, words: list[str]) -> list[Event]:
    verb = words[0]
    events: list[Event] = []
    status = s.status
    if verb == "end":
        _arity(words, 1, "end")
        events.append(Event("chief.end", {}))
        status[0] = status[1] = DONE
        end_chief_turn(s, events)
        return events
    forms = {"load": "load <engine> <amount>", "move": "move <engine> <square>",
             "spray": "spray <engine> <square>", "done": "done <engine>"}
    _arity(words, 2 if verb == "done" else 3, forms[verb])
    e = _engine(s, words[1])
    name = ENGINES[e]
    other = 1 - e
    pos, water = s.pos[e], s.water[e]
    if verb == "done":
        if status[other] == ACTING:
            status[other] = DONE
        status[e] = DONE
        events.append(Event("engine.done", {"engine": name}))
    elif verb == "load":
        token = words[2]
        if not (token.isascii() and token.isdigit()):
            raise IllegalMove(f"{token!r} is not an amount of water: load 1 to {CAPACITY}.")
        amount = int(token)
        if s.loaded[e]:
            raise IllegalMove(f"Engine {name} has already loaded this action: one load per action.")
        if status[e] != READY:
            raise IllegalMove(f"Engine {name} has already sprayed: loading is only the first step of an "
                              "action.")
        if pos != TOWN:
            raise IllegalMove(f"Engine {name} is on square {pos}: water is loaded only in the town "
                              "(square 1).")
        if amount < 1:
            raise IllegalMove("Load at least 1 water.")
        if water + amount > CAPACITY:
            raise IllegalMove(f"Engine {name} holds {water} water: it can take at most {CAPACITY - water} "
                              f"more (capacity {CAPACITY}).")
        if status[other] == ACTING:
            status[other] = DONE
        s.water[e] = water + amount
        s.loaded[e] = True
        status[e] = ACTING
        events.append(Event("engine.load", {"engine": name, "amount": amount, "water": water + amount}))
    elif verb == "move":
        target = _square(words[2])
        if s.sprayed[e]:
            raise IllegalMove(f"Engine {name} has sprayed this turn: it can no longer move.")
        allowance = MOVE_BASE - water
        distance = abs(target - pos)
        if distance == 0:
            raise IllegalMove(f"Engine {name} is already on square {pos}.")
        if allowance <= 0:
            raise IllegalMove(f"Engine {name} is full ({water} water): it cannot move.")
        if distance > allowance:
            raise IllegalMove(f"Engine {name} can move at most {allowance} square(s) with {water} water; "
                              f"square {target} is {distance} away.")
        if status[other] == ACTING:
            status[other] = DONE
        s.pos[e] = target
        status[e] = DONE  # a move completes the action
        events.append(Event("engine.move", {"engine": name, "from": pos, "to": target}))
    else:  # spray
        target = _square(words[2])
        distance = abs(target - pos)
        if water < 1:
            raise IllegalMove(f"Engine {name} has no water to spray.")
        if not s.fire[target]:
            raise IllegalMove(f"Square {target} has no fire to spray.")
        if distance > 2:
            raise IllegalMove(f"Square {target} is {distance} squares from engine {name}: sprays reach at "
                              "most 2.")
        if status[other] == ACTING:
            status[other] = DONE
        s.water[e] = water - 1
        s.sprayed[e] = True
        status[e] = ACTING
        need = SPRAY_NEEDS[distance]
        params = {"engine": name, "square": target, "distance": distance, "water": water - 1}
        if distance == 0:
            hit = True  # R7.2 distance 0 never rolls
            events.append(Event("engine.spray_auto", params))
        else:
            roll = s.rng.die(6)
            hit = roll >= need
            params.update(need=need, roll=roll)
            events.append(Event("engine.spray_hit" if hit else "engine.spray_miss", params))
        if hit:
            s.fire[target] -= 1
            if check_out(s, events):  # R8.2 after every successful spray
                return events
        if s.water[e] == 0 or not fire_in_reach(s, e):
            status[e] = DONE  # R6.4 spraying ends by itself
    if status[0] == DONE and status[1] == DONE:
        end_chief_turn(s, events)
    return events


# --- legal moves ----------------------------------------------------------------------------------------

def legal_moves(s: State, seat: int) -> list[str]:
    phase = s.phase
    if phase == OVER:
        return []
    fire = s.fire
    if phase == CHIEF:
        if seat != 1 - s.fire_seat:
            return []
        moves: list[str] = []
        for e in (0, 1):
            if s.status[e] == DONE:
                continue
            name = ENGINES[e]
            pos, water = s.pos[e], s.water[e]
            if water:
                for t in range(max(1, pos - 2), min(SQUARES, pos + 2) + 1):
                    if fire[t]:
                        moves.append(f"spray {name} {t}")
            if s.status[e] == READY and pos == TOWN:
                for n in range(CAPACITY - water, 0, -1):
                    moves.append(f"load {name} {n}")
            if not s.sprayed[e]:
                allowance = MOVE_BASE - water
                for t in range(max(1, pos - allowance), min(SQUARES, pos + allowance) + 1):
                    if t != pos:
                        moves.append(f"move {name} {t}")
        for e in (0, 1):
            if s.status[e] != DONE:
                moves.append(f"done {ENGINES[e]}")
        moves.append("end")
        return moves
    if seat != s.fire_seat:
        return []
    if phase == PUT:
        square, k, _left = s.placing
        return [f"put {t}" for t in intensify_targets(s, square, k)]
    burning = [i for i in range(1, SQUARES + 1) if fire[i]]
    moves = ["gust"] if gust_targets(s) else []
    moves.extend(f"intensify {i}" for i in burning)
    moves.extend(f"grow {i}" for i in burning)
    return moves


# --- views ----------------------------------------------------------------------------------------------

def view(s: State, seat: int | None) -> dict:
    """Everything is public (R7.3): every seat sees the same board; only `viewer` differs."""
    forest, town, engines = vp_parts(s)
    fire_seat = s.fire_seat
    seats = ["Fire", "Chief"] if fire_seat == 0 else ["Chief", "Fire"]
    if s.phase == OVER:
        to_move: list[int] = []
        turn = None
    elif s.phase == CHIEF:
        to_move, turn = [1 - fire_seat], "chief"
    else:
        to_move, turn = [fire_seat], "fire"
    result = outcome(s)
    engine_view = {}
    for e, name in enumerate(ENGINES):
        if not s.alive[e]:
            action = "destroyed"
        elif s.phase == CHIEF:
            action = STATUS_NAMES[s.status[e]]
        else:
            action = "waiting"
        engine_view[name] = {
            "pos": s.pos[e],
            "water": s.water[e],
            "alive": s.alive[e],
            "action": action,
            "loaded": s.loaded[e],
            "sprayed": s.sprayed[e],
            "move_allowance": MOVE_BASE - s.water[e],
        }
    return {
        "game": "forestfire",
        "seats": seats,
        "roles": {"fire": fire_seat, "chief": 1 - fire_seat},
        "to_move": to_move,
        "over": s.phase == OVER,
        "outcome": None if result is None else result.dump(),
        "viewer": seat,
        "round": s.round,
        "max_rounds": s.max_rounds,
        "turn": turn,
        "step": {FIRE: "action", PUT: "place", CHIEF: "engines", OVER: None}[s.phase],
        "squares": [
            {"square": i, "fire": s.fire[i], "burnt": s.burnt[i], "town": i == TOWN}
            for i in range(1, SQUARES + 1)
        ],
        "engines": engine_view,
        "vp": {"total": forest + town + engines, "burnt_squares": forest, "town": town, "engines": engines},
        "placing": None if s.placing is None else {
            "square": s.placing[0], "k": s.placing[1], "left": s.placing[2],
            "targets": intensify_targets(s, s.placing[0], s.placing[1]),
        },
        "fire_supply": "unlimited" if s.supply is None else s.supply,
        "supply_left": supply_left(s),
    }


def expand(move: str, events: list[Event] | None = None) -> list[str]:
    """R11.1: the canonical log form of a played move: single spaces, squares and amounts as plain numbers
    (`grow 08` -> `grow 8`), and an intensify shortcut as `intensify <sq>` followed by one `put <t>` per
    marker in the order given.

    With the move's `events`, the puts are the markers actually placed, so a shortcut whose burn ended the
    game (R8.1: the listed targets are ignored) is recorded as `intensify <sq>` alone and the log replays.
    """
    words = [str(int(w)) if w.isascii() and w.isdigit() else w for w in move.lower().split()]
    if not words or words[0] != "intensify" or len(words) < 2:
        return [" ".join(words)]
    if events is not None:
        puts = [str(e.params["square"]) for e in events if e.kind == "fire.put"]
    else:
        puts = words[2:]
    return [f"intensify {words[1]}"] + [f"put {t}" for t in puts]
