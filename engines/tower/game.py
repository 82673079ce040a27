"""Tower Fire: the rules engine (spec rules/tower.md).

State is flat lists of small ints (see geometry.py); `play` validates a move completely before it
mutates anything, so an IllegalMove leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engines.core import Event, IllegalMove, Option, Outcome, Rng

from .geometry import (
    CAPACITY,
    CELL_IDS,
    CELL_INDEX,
    DOORS,
    FLOOR,
    IS_LANDING,
    LANDING_LINKS,
    LANDING_ORDER,
    LANDING_PAIRS,
    NCELLS,
    NUM,
    OFFICE_FLOOR,
    OFFICE_IDS,
    OFFICE_INDEX,
    OFFICE_SPREAD,
    PATH_POS,
    PATHS,
    SECTION,
    SECTION_CELLS,
    SECTION_FLOOR,
    SECTION_IDS,
    SIDE,
    SIDES,
    STREET,
    cell_id,
    flight_end_landing,
    lcell,
    sec3,
)

COLOURS = ("red", "blue", "green", "yellow")  # D32
# event_text fills a catalog template from the event's params only, so events naming a colour also carry the
# French words ("joueur" beside "player", "couleur" beside "colour"), as Fire Zones does.
COULEURS = ("rouge", "bleu", "vert", "jaune")
COULEURS_PLURIEL = ("rouges", "bleus", "verts", "jaunes")
COMMENT = {"street": "par la rue", "elevator": "par l'ascenseur"}
EMPLOYEES = 16
TOKENS = 36
HAND = 5
ACTIONS = 4

EVENT_FIRE_CARDS = [f"fire1:{o}" for o in OFFICE_IDS] + [f"fire2:{o}" for o in OFFICE_IDS]  # D10
ACTION_COUNTS = {  # R2.2 (expel: D11)
    "exit1": 9, "exit2": 15, "elevator": 15, "enter1": 15, "enter2": 6,
    "jump": 6, "push": 6, "expel": 9, "shove": 9, "swap": 9,
}
CARD_CODES = tuple(sorted(ACTION_COUNTS))
BRICK = ("exit1", "exit2", "elevator", "enter1", "enter2", "jump")  # D12

OPTIONS = [
    Option("extreme_opening", False, "Extreme: resolve 4 event cards before the first turn.", "bool"),
    Option("pompier_removed", False, "Extreme: a played Pompier card leaves the game.", "bool"),
    Option("fire_not_occupied", False, "Extreme: fire does not block card moves; who lands in fire is lost.",
           "bool"),
    Option("shove_into_burnt", False, "Extreme: Shove may send an employee into a 4-token office (lost).",
           "bool"),
    Option("extreme", False, "Extreme mode: turns on all four extreme options.", "bool"),
    Option("expel_count", 9, "Copies of the Expel card: 9 (99-card deck) or 6 (literal 96-card text).", "int",
           choices=(9, 6)),
    Option("stack", None, "Fixed first player / card orders, for scenarios and tests.", hidden=True),
]


class State:
    __slots__ = (
        "n", "opening", "pompier_removed", "fno", "sib", "expel_count",
        "cells", "ofire", "opeople", "sec", "car_floor", "car", "saved", "amb",
        "reserve", "timer", "first_token",
        "epile", "pack", "played", "out", "kept", "current_event",
        "apile", "discard", "hands",
        "first", "active", "phase", "actions_left", "turn",
        "end_now", "end_round", "last_action", "last_event", "rng", "opening_log", "_legal",
    )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and dump(self) == dump(other)


def _board_clone(st: State) -> State:
    """A copy sharing piles and fire with `st`: enough to simulate a walk or a card effect."""
    c = State.__new__(State)
    c.n, c.fno, c.sib = st.n, st.fno, st.sib
    c.cells = st.cells[:]
    c.ofire = st.ofire
    c.sec = st.sec
    c.opeople = st.opeople[:]
    c.car_floor = st.car_floor
    c.car = st.car[:]
    c.saved = st.saved[:]
    c.amb = st.amb[:]
    return c


def _sig(st: State) -> tuple:
    return (tuple(st.cells), tuple(st.opeople), st.car_floor, tuple(st.car), tuple(st.saved), tuple(st.amb))


# --- small helpers ---------------------------------------------------------------------------------------

def _colour(st: State, seat: int) -> str:
    return COLOURS[seat]


def _dealer(st: State) -> int:
    return (st.first - 1) % st.n  # R4.1


def _burning(st: State, c: int) -> bool:
    return IS_LANDING[c] and st.sec[SECTION[c]] == 1


def _free(st: State, c: int) -> bool:
    """R6.1: a flight cell with nobody, or a landing cell with nobody whose section does not burn."""
    return st.cells[c] < 0 and not (IS_LANDING[c] and st.sec[SECTION[c]])


def _arrival(st: State, f: int, fno: bool) -> list[int]:
    """The cells an employee arriving on landing f may take (R6.2; R9.3 when fno): lowest n, A first."""
    cells, sec = st.cells, st.sec
    for a, b in LANDING_PAIRS[f]:
        ok = [c for c in (a, b) if cells[c] < 0 and (fno or not sec[SECTION[c]])]
        if ok:
            return ok
    return []


def _compact(cells: list[int], sec: list[int], f: int) -> None:
    """R6.3: move employees toward the elevator until no free cell is below an occupied one."""
    order = LANDING_ORDER[f]
    while True:
        maxn = 0
        for c in order:
            if cells[c] >= 0 and NUM[c] > maxn:
                maxn = NUM[c]
        target = -1
        for c in order:
            if NUM[c] >= maxn:
                break
            if cells[c] < 0 and not sec[SECTION[c]]:
                target = c
                break
        if target < 0:
            return
        tn = NUM[target]
        best = 9
        chosen = -1
        for c in order:
            if cells[c] >= 0 and NUM[c] > tn:
                n = NUM[c]
                if n < best or (n == best and SIDE[c] == SIDE[target]):
                    best = n
                    chosen = c
        cells[target] = cells[chosen]
        cells[chosen] = -1


def _compact_all(st: State) -> None:
    for f in (1, 2, 3, 4):
        _compact(st.cells, st.sec, f)


def _in_building(st: State, seat: int) -> int:
    return EMPLOYEES - st.saved[seat] - st.amb[seat]


def _hand_text(hand: list[str]) -> str:
    return ", ".join(hand) if hand else "-"


def _spot_id(spot: tuple[str, int]) -> str:
    kind, i = spot
    return OFFICE_IDS[i] if kind == "o" else SECTION_IDS[i]


def _spots(st: State) -> list[tuple[str, int]]:
    """Every fire spot holding a token: offices, then landing sections."""
    out = [("o", o) for o in range(8) if st.ofire[o]]
    out += [("s", s) for s in range(16) if st.sec[s]]
    return out


# --- parsing ids ------------------------------------------------------------------------------------------

def _parse_cell(tok: str) -> int:
    c = CELL_INDEX.get(tok.upper())
    if c is None:
        raise IllegalMove(f"{tok.upper()} is not a landing or stair cell (like L3A1 or SA31).")
    return c


def _parse_office(tok: str) -> int:
    o = OFFICE_INDEX.get(tok.upper())
    if o is None:
        raise IllegalMove(f"{tok.upper()} is not an office (O1A to O4B).")
    return o


def _parse_spot(tok: str) -> tuple[str, int]:
    t = tok.upper()
    if t in OFFICE_INDEX:
        return ("o", OFFICE_INDEX[t])
    if len(t) in (4, 5) and t[0] == "L" and t[1] in "1234" and t[2] in "AB":
        f, s, rest = int(t[1]), SIDES.index(t[2]), t[3:]
        if rest == "3":
            return ("s", sec3(f, s))
        if rest in ("1", "2", "12"):
            return ("s", sec3(f, s) + 1)
    raise IllegalMove(f"{tok.upper()} is not a fire spot (an office like O3B or a landing section like L2A3 "
                      "or L2A12).")


def _parse_colour(st: State, tok: str) -> int:
    t = tok.lower()
    if t in COLOURS[: st.n]:
        return COLOURS.index(t)
    raise IllegalMove(f"{tok} is not a colour in this game ({', '.join(COLOURS[:st.n])}).")


def _parse_floor(tok: str) -> int:
    t = tok.lower()
    if t == "g":
        return 0
    if t in ("0", "1", "2", "3", "4"):
        return int(t)
    raise IllegalMove(f"{tok} is not a floor (0 to 4, 0 = street level).")


# --- fire tokens and events (R6.7, R6.10-R6.13) ------------------------------------------------------------

def _take_token(st: State, events: list[Event]) -> bool:
    """R6.7: a token from the reserve, else the first player's token (R8.1b), else none."""
    if st.reserve > 0:
        st.reserve -= 1
        return True
    if st.first_token:
        st.first_token = False
        st.end_now = True
        events.append(Event("end.first_token", {"player": COLOURS[st.first]}))
        return True
    return False


def _fire(st: State, o: int, count: int, events: list[Event]) -> None:
    """R6.10: place `count` tokens for office o, one at a time."""
    n = st.n
    for _ in range(count):
        if st.ofire[o] < 4:
            if not _take_token(st, events):
                events.append(Event("fire.no_token", {}))
                return
            st.ofire[o] += 1
            events.append(Event("fire.office", {"office": OFFICE_IDS[o], "tokens": st.ofire[o]}))
            if st.ofire[o] == 4:
                for seat in range(n):
                    k = st.opeople[o * n + seat]
                    if k:
                        st.opeople[o * n + seat] = 0
                        st.amb[seat] += k
                        events.append(Event("eliminated", {"colour": COLOURS[seat], "count": k,
                                                           "place": OFFICE_IDS[o]}))
            continue
        section = next((s for s in OFFICE_SPREAD[o] if not st.sec[s]), None)
        if section is None:
            events.append(Event("fire.contained", {"office": OFFICE_IDS[o]}))
            return
        if not _take_token(st, events):
            events.append(Event("fire.no_token", {}))
            return
        st.sec[section] = 1
        events.append(Event("fire.section", {"section": SECTION_IDS[section]}))
        for c in SECTION_CELLS[section]:
            seat = st.cells[c]
            if seat >= 0:
                st.cells[c] = -1
                st.amb[seat] += 1
                events.append(Event("eliminated", {"colour": COLOURS[seat], "count": 1, "place": CELL_IDS[c]}))
        _compact(st.cells, st.sec, SECTION_FLOOR[section])


def _remove_token(st: State, spot: tuple[str, int]) -> None:
    kind, i = spot
    if kind == "o":
        st.ofire[i] -= 1
    else:
        st.sec[i] = 0
        _compact(st.cells, st.sec, SECTION_FLOOR[i])  # D8: compaction after a landing token leaves
    st.reserve += 1


def _check_spot(st: State, spot: tuple[str, int]) -> None:
    if spot[0] == "o" and not st.ofire[spot[1]]:
        raise IllegalMove(f"Office {_spot_id(spot)} holds no fire token.")
    if spot[0] == "s" and not st.sec[spot[1]]:
        raise IllegalMove(f"Landing section {_spot_id(spot)} is not burning.")


def _cycle(st: State, events: list[Event]) -> None:
    """R6.13: the event draw pile is empty and a card must be drawn."""
    st.timer -= 1
    st.reserve += 1
    gathered = st.played + st.pack
    st.played = []
    st.rng.shuffle(gathered)
    if st.timer >= 1:
        st.epile = gathered[-8:]
        st.pack = gathered[:-8]
        events.append(Event("event.cycle", {"timer": st.timer, "pile": len(st.epile), "pack": len(st.pack)}))
    else:
        st.epile = gathered
        st.pack = []
        events.append(Event("event.last_pile", {"pile": len(st.epile)}))


def _discard_event(st: State, card: str) -> None:
    if card == "pompier" and st.pompier_removed:
        st.out.append(card)  # R6.11 option
    else:
        st.played.append(card)


def _draw_action(st: State, events: list[Event]) -> None:
    if not st.apile:  # R7.1c
        st.apile = st.discard
        st.discard = []
        st.rng.shuffle(st.apile)
        events.append(Event("actions.reshuffled", {"pile": len(st.apile)}))
    return st.apile.pop()


# --- the engine -------------------------------------------------------------------------------------------

class TowerEngine:
    id = "tower"
    title = "Tower Fire"
    seats = range(2, 5)
    # Turning the top event card shows what the secret pile held (R7.3): such a move can't be undone.
    revealing_events = frozenset({"event.draw"})
    options = OPTIONS

    # -- setup (R4) --
    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats not in self.seats:
            raise ValueError(f"Tower Fire is for 2 to 4 players, not {seats}.")
        opts = dict(options or {})
        extreme = bool(opts.get("extreme", False))
        stack = opts.get("stack") or {}
        if isinstance(stack, list):
            stack = {"events": stack}
        n = seats
        st = State()
        st.n = n
        st.opening = extreme or bool(opts.get("extreme_opening", False))
        st.pompier_removed = extreme or bool(opts.get("pompier_removed", False))
        st.fno = extreme or bool(opts.get("fire_not_occupied", False))
        st.sib = extreme or bool(opts.get("shove_into_burnt", False))
        st.expel_count = int(opts.get("expel_count", 9))
        st.rng = Rng(seed)
        st.cells = [-1] * NCELLS
        st.ofire = [0] * 8
        st.opeople = [2] * (8 * n)  # R4.2
        st.sec = [0] * 16
        st.car_floor = 0
        st.car = [0] * n
        st.saved = [0] * n
        st.amb = [0] * n
        st.first = int(stack["first"]) if "first" in stack else st.rng.below(n)  # R7.1a
        # R4.3 event deck
        deck = EVENT_FIRE_CARDS + ["pompier"] * (2 * n) + ["truck"] * 2
        st.out = ["pompier"] * (8 - 2 * n)
        st.rng.shuffle(deck)
        deck = _stacked(deck, stack.get("events", []), "event")  # draw order, first drawn first
        deck.reverse()  # internal: top of a pile = end of the list
        st.epile = deck[-8:]
        st.pack = deck[:-8]
        st.played = []
        st.kept = [0] * n
        st.current_event = None
        st.timer = n
        st.first_token = True  # R4.4
        st.reserve = TOKENS - n - 1  # R4.5
        # R4.6 action deck
        counts = dict(ACTION_COUNTS)
        counts["expel"] = st.expel_count
        adeck = [code for code in CARD_CODES for _ in range(counts[code])]
        st.rng.shuffle(adeck)
        hands_given = stack.get("hands") or {}
        if isinstance(hands_given, list):
            hands_given = dict(enumerate(hands_given))
        given = {int(k): list(v) for k, v in hands_given.items()}
        tops = list(stack.get("actions", []))  # the draw pile's top after dealing, first drawn first
        adeck = _stacked(adeck, [c for s in sorted(given) for c in given[s]] + tops, "action")
        rest = adeck[sum(len(h) for h in given.values()):]
        tail = rest[len(tops):]
        st.hands = []
        for seat in range(n):
            if seat in given:
                st.hands.append(sorted(given[seat]))
            else:
                st.hands.append(sorted(tail[:HAND]))
                tail = tail[HAND:]
        pile = tops + tail
        pile.reverse()
        st.apile = pile
        st.discard = []
        st.active = st.first
        st.phase = "event"
        st.actions_left = ACTIONS
        st.turn = 1
        st.end_now = False
        st.end_round = False
        st.last_action = None
        st.last_event = None
        st._legal = None
        st.opening_log = []
        if st.opening:
            self._opening(st)
        return st

    def _opening(self, st: State) -> None:
        """R4.8: reveal and resolve the top 4 event cards; pompier/truck have no effect (D34)."""
        events: list[Event] = []
        for _ in range(4):
            card = st.epile.pop()
            events.append(Event("opening.draw" if card.startswith("fire") else "opening.ignored", {"card": card}))
            if card.startswith("fire"):
                _fire(st, OFFICE_INDEX[card[6:]], int(card[4]), events)
            _discard_event(st, card)
            st.last_event = card
        for event in events:
            _in_french(event.params)
        st.opening_log = [e.dump() for e in events]

    def public_form(self, move: str) -> str:
        """R7.4: the cards a redraw discards are never shown to the table: `redraw (3 cards)`."""
        words = move.split()
        if words and words[0].lower() == "redraw":
            count = len(words) - 1
            return f"redraw ({count} card{'s' if count != 1 else ''})"
        return move

    def opening_events(self, st: State) -> list[Event]:
        """What setup did before turn 1 (R4.8 extreme opening), said in the thread when the game starts."""
        return [Event.load(e) for e in st.opening_log]

    # -- queries --
    def to_move(self, st: State) -> list[int]:
        return [] if st.phase == "over" else [st.active]

    def outcome(self, st: State) -> Outcome | None:
        if st.phase != "over":
            return None
        return _outcome(st)

    # -- moves --
    def legal_moves(self, st: State, seat: int) -> list[str]:
        if st.phase == "over" or seat != st.active:
            return []
        return [m for m, _ in _legal_entries(st)]

    def play(self, st: State, seat: int, move: str) -> list[Event]:
        if st.phase == "over":
            raise IllegalMove("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalMove(f"There is no seat {seat} in this game.")
        if seat != st.active:
            raise IllegalMove(f"It is {COLOURS[st.active]}'s turn, not {COLOURS[seat]}'s.")
        tokens = str(move).strip().lower().split()
        if not tokens:
            raise IllegalMove("Type a move, for example: draw, walk SA43 L3, play jump SA41, redraw swap.")
        verb = tokens[0]
        events: list[Event] = []
        if st.phase == "event":
            if verb != "draw" or len(tokens) != 1:
                raise IllegalMove("First draw this turn's event card: type draw.")
            _do_draw(st, events)
        elif st.phase == "pompier":
            if verb != "remove" or len(tokens) != 2:
                raise IllegalMove("The Pompier card asks you to remove one fire token: remove <spot>, e.g. "
                                  "remove O3B.")
            spot = _parse_spot(tokens[1])
            _check_spot(st, spot)
            _remove_token(st, spot)
            events.append(Event("token.removed", {"player": COLOURS[seat], "spot": _spot_id(spot)}))
            _discard_event(st, "pompier")
            st.current_event = None
            _start_actions(st, events)
        elif st.phase == "truck":
            if verb != "truck" or len(tokens) < 2:
                raise IllegalMove("Choose how to use the fire engine: truck save <office>, truck remove <spot> "
                                  "or truck keep.")
            if tokens[1] == "keep" and len(tokens) == 2:
                st.kept[seat] += 1
                events.append(Event("truck.kept", {"player": COLOURS[seat]}))
            else:
                use = _parse_truck_use(st, seat, tokens)
                _apply_truck_use(st, seat, use, events)
                st.played.append("truck")
            st.current_event = None
            _check_out(st, events)
            _start_actions(st, events)
        else:
            self._action(st, seat, verb, tokens, str(move), events)
        st._legal = None
        for event in events:
            _in_french(event.params)
        return events

    def _action(self, st: State, seat: int, verb: str, tokens: list[str], typed: str,
                events: list[Event]) -> None:
        colour = COLOURS[seat]
        if verb == "draw":
            raise IllegalMove("You already drew this turn's event card; now play your actions.")
        if verb == "remove":
            raise IllegalMove("remove answers a Pompier card; to take a fire token off now use extinguish "
                              "(3 actions) or a kept truck.")
        if verb == "walk":
            if len(tokens) != 3:
                raise IllegalMove("Walk needs a start and a destination, e.g. walk SA43 L3 or walk SA13 G.")
            frm, to = _parse_walk(st, seat, tokens[1], tokens[2])
            canon = _canonical(st, f"walk {cell_id(frm)} {_walk_target_id(to)}", "walk",
                               lambda b: (_apply_walk(b, seat, frm, to, []), tuple(b.cells))[1])
            _apply_walk(st, seat, frm, to, events)
            events.insert(0, Event("walk", {"player": colour, "move": canon}))
            _spend(st, 1, events)
        elif verb == "extinguish":
            if len(tokens) != 2:
                raise IllegalMove("Extinguish needs one fire spot, e.g. extinguish O2A or extinguish L2A3.")
            spot = _parse_spot(tokens[1])
            if st.actions_left < 3:
                raise IllegalMove(f"Extinguishing costs 3 actions and you have {st.actions_left} left.")
            _check_spot(st, spot)
            _remove_token(st, spot)
            events.append(Event("extinguish", {"player": colour, "spot": _spot_id(spot)}))
            _spend(st, 3, events)
        elif verb == "redraw":
            codes = tokens[1:]
            if not codes:
                raise IllegalMove("Name at least one card to discard, e.g. redraw swap (D18).")
            hand = list(st.hands[seat])
            for code in codes:
                if code not in ACTION_COUNTS:
                    raise IllegalMove(f"{code} is not an action card ({', '.join(CARD_CODES)}).")
                if code not in hand:
                    raise IllegalMove(f"You don't hold that many {code} cards.")
                hand.remove(code)
            st.hands[seat] = hand
            st.discard.extend(sorted(codes))
            for _ in codes:
                hand.append(_draw_action(st, events))
            hand.sort()
            events.append(Event("redraw", {"player": colour, "count": len(codes)}))
            events.append(Event("hand", {"cards": _hand_text(hand)}, to=seat))
            _spend(st, 1, events)
        elif verb == "truck":
            if st.kept[seat] == 0:
                raise IllegalMove("You have no kept fire-engine card in front of you.")
            if len(tokens) >= 2 and tokens[1] == "keep":
                raise IllegalMove("This truck is already kept; use it with truck save <office> or truck remove "
                                  "<spot>.")
            use = _parse_truck_use(st, seat, tokens)
            _apply_truck_use(st, seat, use, events)
            st.kept[seat] -= 1
            st.played.append("truck")  # R6.12c
            _spend(st, 1, events)
        elif verb == "play":
            if len(tokens) < 2:
                raise IllegalMove("Name the card to play, e.g. play jump SA41.")
            code = tokens[1]
            if code not in ACTION_COUNTS:
                raise IllegalMove(f"{code} is not an action card ({', '.join(CARD_CODES)}).")
            if code not in st.hands[seat]:
                raise IllegalMove(f"You have no {code} card in your hand.")
            args = _parse_card(st, seat, code, tokens[2:])
            canon = _canonical(st, _card_str(code, args), f"play {code}",
                               lambda b: (_apply_card(b, seat, code, args, []), _sig(b))[1])
            _apply_card(st, seat, code, args, events)
            st.hands[seat].remove(code)
            st.discard.append(code)
            st.last_action = f"{colour} {canon}"
            events.insert(0, Event("card.played", {"player": colour, "move": canon}))
            events.append(Event("hand", {"cards": _hand_text(st.hands[seat])}, to=seat))
            _spend(st, 1, events)
        else:
            raise IllegalMove(f"Unknown move {verb!r}: use walk, extinguish, redraw, play or truck.")

    # -- views --
    def view(self, st: State, seat: int | None) -> dict:
        return _view(st, seat)

    def dump(self, st: State) -> dict:
        return dump(st)

    def load(self, data: dict) -> State:
        return load(data)


def _stacked(deck: list[str], prefix: list[str], what: str) -> list[str]:
    """Move the cards of `prefix` to the front of `deck` (draw order), in that order."""
    rest = list(deck)
    for card in prefix:
        if card not in rest:
            raise ValueError(f"stack: no {card!r} left in the {what} deck")
        rest.remove(card)
    return list(prefix) + rest


# --- turn flow (R5) ---------------------------------------------------------------------------------------

def _do_draw(st: State, events: list[Event]) -> None:
    if not st.epile:
        _cycle(st, events)
    card = st.epile.pop()
    st.last_event = card
    seat = st.active
    events.append(Event("event.draw", {"player": COLOURS[seat], "card": card}))
    if not st.epile and st.timer == 0:  # R8.1a
        st.end_now = True
        events.append(Event("end.last_card", {"player": COLOURS[seat]}))
    if card.startswith("fire"):
        _fire(st, OFFICE_INDEX[card[6:]], int(card[4]), events)
        st.played.append(card)
        _check_out(st, events)
        _start_actions(st, events)
    elif card == "pompier":
        if any(st.ofire) or any(st.sec):
            st.current_event = card
            st.phase = "pompier"
        else:
            events.append(Event("pompier.none", {}))
            _discard_event(st, card)
            _start_actions(st, events)
    else:
        st.current_event = card
        st.phase = "truck"


def _start_actions(st: State, events: list[Event]) -> None:
    st.phase = "actions"
    st.actions_left = ACTIONS


def _check_out(st: State, events: list[Event]) -> None:
    """R8.1c (D15): a player with no employee left in the building ends the game after this round."""
    if st.end_round:
        return
    for seat in range(st.n):
        if st.saved[seat] + st.amb[seat] >= EMPLOYEES:
            st.end_round = True
            events.append(Event("end.everyone_out", {"player": COLOURS[seat]}))
            return


def _spend(st: State, cost: int, events: list[Event]) -> None:
    st.actions_left -= cost
    _check_out(st, events)
    if st.actions_left > 0:
        return
    seat = st.active
    hand = st.hands[seat]
    drawn = HAND - len(hand)
    for _ in range(drawn):  # R5.4
        hand.append(_draw_action(st, events))
    hand.sort()
    if drawn:
        events.append(Event("refill", {"player": COLOURS[seat], "count": drawn}))
        events.append(Event("hand", {"cards": _hand_text(hand)}, to=seat))
    if st.end_now or (st.end_round and seat == _dealer(st)):  # R8.1
        st.phase = "over"
        out = _outcome(st)
        events.append(Event(out.kind, out.params))
        return
    st.active = (seat + 1) % st.n
    st.turn += 1
    st.phase = "event"
    st.actions_left = ACTIONS
    events.append(Event("turn.start", {"player": COLOURS[st.active], "turn": st.turn}))


def _in_french(params: dict) -> None:
    """Add the French words of an event's colour params for the fr catalog."""
    if "player" in params:
        params["joueur"] = COULEURS[COLOURS.index(params["player"])]
    if "colour" in params:
        i = COLOURS.index(params["colour"])
        params["couleur"] = COULEURS[i] if params.get("count", 1) == 1 else COULEURS_PLURIEL[i]
    if "how" in params:
        params["comment"] = COMMENT[params["how"]]


def _outcome(st: State) -> Outcome:
    """R8.2: most saved; tie: fewest on the Ambulance; still tied: shared win."""
    best = max(range(st.n), key=lambda s: (st.saved[s], -st.amb[s]))
    key = (st.saved[best], st.amb[best])
    winners = tuple(s for s in range(st.n) if (st.saved[s], st.amb[s]) == key)
    names = " and ".join(COLOURS[s] for s in winners)
    params = {"winners": names, "saved": st.saved[best], "ambulance": st.amb[best],
              "table": "; ".join(f"{COLOURS[s]} {st.saved[s]} saved / {st.amb[s]} lost / "
                                 f"{_in_building(st, s)} inside" for s in range(st.n)),
              "gagnants": " et ".join(COULEURS[s] for s in winners),
              "tableau": "; ".join(f"{COULEURS[s]} {st.saved[s]} sauvé(s) / {st.amb[s]} perdu(s) / "
                                   f"{_in_building(st, s)} dedans" for s in range(st.n))}
    kind = "outcome.win" if len(winners) == 1 else "outcome.shared"
    return Outcome(winners, kind, params, {s: st.saved[s] for s in range(st.n)})


# --- trucks and walks -------------------------------------------------------------------------------------

def _parse_truck_use(st: State, seat: int, tokens: list[str]) -> tuple:
    if len(tokens) != 3 or tokens[1] not in ("save", "remove"):
        raise IllegalMove("Use the fire engine with truck save <office> or truck remove <spot>"
                          + (" or truck keep." if st.phase == "truck" else "."))
    if tokens[1] == "save":
        o = _parse_office(tokens[2])
        if not st.ofire[o]:
            raise IllegalMove(f"Office {OFFICE_IDS[o]} is not on fire: the truck saves only from a burning "
                              "office.")
        if not st.opeople[o * st.n + seat]:
            raise IllegalMove(f"You have no employee in office {OFFICE_IDS[o]}.")
        return ("save", o)
    spot = _parse_spot(tokens[2])
    _check_spot(st, spot)
    return ("remove", spot)


def _apply_truck_use(st: State, seat: int, use: tuple, events: list[Event]) -> None:
    if use[0] == "save":  # R6.12a
        o = use[1]
        st.opeople[o * st.n + seat] -= 1
        st.saved[seat] += 1
        events.append(Event("truck.saved", {"player": COLOURS[seat], "office": OFFICE_IDS[o]}))
    else:
        _remove_token(st, use[1])
        events.append(Event("token.removed", {"player": COLOURS[seat], "spot": _spot_id(use[1])}))


def _walk_target_id(to: int) -> str:
    if to == STREET:
        return "G"
    if to >= 100:
        return f"L{to - 100}"
    return CELL_IDS[to]


def _parse_walk(st: State, seat: int, a: str, b: str) -> tuple[int, int]:
    """R6.21. Returns (from cell, to) with to = flight cell, 100 + landing floor, or STREET."""
    au, bu = a.upper(), b.upper()
    if au in OFFICE_INDEX:
        raise IllegalMove("Employees in an office can't walk: they leave it with an Exit card.")
    if au == "G":
        raise IllegalMove("Employees in the street are saved; they don't come back.")
    frm = _parse_cell(a)
    if st.cells[frm] != seat:
        raise IllegalMove(f"You have no employee on {CELL_IDS[frm]}.")
    if bu in OFFICE_INDEX:
        raise IllegalMove("Nobody walks into an office (only a Shove card sends employees back in).")
    if bu == "G":
        to = STREET
    elif len(bu) == 2 and bu[0] == "L" and bu[1] in "1234":
        to = 100 + int(bu[1])
    else:
        to = _parse_cell(b)
        if IS_LANDING[to]:
            if IS_LANDING[frm] and FLOOR[frm] == FLOOR[to]:
                raise IllegalMove("There is no movement between cells of one landing.")
            raise IllegalMove(f"Walk onto the landing as a whole (L{FLOOR[to]}): an arriving employee takes the "
                              "free cell closest to the elevator.")
    if IS_LANDING[frm]:
        f = FLOOR[frm]
        if to == STREET or to >= 100:
            if to == 100 + f:
                raise IllegalMove("There is no movement between cells of one landing.")
            raise IllegalMove(f"From landing {f} you can only step onto a stair cell next to it.")
        for end, side in LANDING_LINKS[f]:
            if end == to:
                if st.sec[sec3(f, side)]:
                    raise IllegalMove(f"Staircase {SIDES[side]} is blocked by fire at landing {f} (L{f}"
                                      f"{SIDES[side]}3 burns).")
                if not _free(st, to):
                    raise IllegalMove(f"{CELL_IDS[to]} is occupied.")
                return frm, to
        raise IllegalMove(f"{CELL_IDS[to]} is not a stair cell next to landing {f}.")
    # from a flight cell
    side, f, k = SIDE[frm], FLOOR[frm], NUM[frm]
    if to == STREET:
        if f == 1 and k == 3:
            return frm, to
        raise IllegalMove(f"Only SA13 and SB13 lead to the street; {CELL_IDS[frm]} does not.")
    if to >= 100:
        g = to - 100
        if flight_end_landing(frm) != g:
            raise IllegalMove(f"{CELL_IDS[frm]} is not next to landing {g}.")
        if st.sec[sec3(g, side)]:
            raise IllegalMove(f"Staircase {SIDES[side]} is blocked by fire at landing {g} (L{g}{SIDES[side]}3 "
                              "burns).")
        if not _arrival(st, g, False):
            raise IllegalMove(f"Landing {g} has no free cell.")
        return frm, to
    if IS_LANDING[to] or SIDE[to] != side or FLOOR[to] != f or abs(NUM[to] - k) != 1:
        raise IllegalMove(f"{CELL_IDS[to]} is not next to {CELL_IDS[frm]}: walk one cell at a time.")
    if st.cells[to] >= 0:
        raise IllegalMove(f"{CELL_IDS[to]} is occupied.")
    return frm, to


def _apply_walk(st: State, seat: int, frm: int, to: int, events: list[Event]) -> None:
    st.cells[frm] = -1
    if to == STREET:
        st.saved[seat] += 1
        events.append(Event("saved", {"colour": COLOURS[seat], "count": 1, "how": "street"}))
    elif to >= 100:
        st.cells[_arrival(st, to - 100, False)[0]] = seat  # R6.2: side A on ties
    else:
        st.cells[to] = seat
    if IS_LANDING[frm]:
        _compact(st.cells, st.sec, FLOOR[frm])


# --- action cards (R6.30-R6.37) ---------------------------------------------------------------------------

def _own_near_car(st: State, seat: int) -> bool:
    f = st.car_floor
    if st.car[seat]:
        return True
    return f >= 1 and any(st.cells[c] == seat for c in DOORS[f])


def _choose_arrival(st: State, f: int, fno: bool, suffix: str | None, what: str) -> tuple[int, bool]:
    """The arrival cell for an Exit / Expel (player's choice between equal numbers, R6.2, R11.2)."""
    allowed = _arrival(st, f, fno)
    if not allowed:
        raise IllegalMove(f"Landing {f} has no free cell for {what}.")
    if suffix is None:
        return allowed[0], False
    c = CELL_INDEX.get(suffix.upper())
    if c is None or c not in allowed:
        names = " or ".join(CELL_IDS[x] for x in allowed)
        raise IllegalMove(f"{suffix.upper()} is not a cell {what} may take: the closest free cell to the elevator "
                          f"is {names}.")
    return c, c != allowed[0]


def _parse_card(st: State, seat: int, code: str, args: list[str]) -> tuple:
    n = st.n
    if code in ("exit1", "exit2"):
        most = 1 if code == "exit1" else 2
        if not 1 <= len(args) <= most:
            raise IllegalMove(f"{code} names {'one office' if most == 1 else 'one or two offices'}, e.g. "
                              f"play {code} O3A.")
        board = _board_clone(st)
        entries = []
        for arg in args:
            office_tok, _, suffix = arg.partition(":")
            o = _parse_office(office_tok)
            if board.opeople[o * n + seat] < 1:
                raise IllegalMove(f"You have no{' other' if entries else ''} employee in office {OFFICE_IDS[o]}.")
            if st.ofire[o] >= 3:
                raise IllegalMove(f"Office {OFFICE_IDS[o]} has {st.ofire[o]} fire tokens: nobody can leave it.")
            c, suff = _choose_arrival(board, OFFICE_FLOOR[o], st.fno, suffix or None, "this employee")
            entries.append((o, c, suff))
            _apply_exit(board, seat, o, c, [])
        return tuple(entries)
    if code == "elevator":
        if len(args) != 1:
            raise IllegalMove("Name the destination floor, e.g. play elevator 0.")
        d = _parse_floor(args[0])
        if d == st.car_floor:
            raise IllegalMove(f"The elevator is already at floor {d}.")
        if st.car[seat]:
            return (d,)
        if d == 0:
            raise IllegalMove("You have nobody in the elevator, so you can't send it down; a call needs one of your "
                              "employees on a 1 cell of a landing.")
        if not any(st.cells[c] == seat for c in DOORS[d]):
            raise IllegalMove(f"To call the elevator to floor {d} you need an employee on L{d}A1 or L{d}B1 (or one "
                              "in the car to ride).")
        return (d,)
    if code in ("enter1", "enter2"):
        most = 1 if code == "enter1" else 2
        if not 1 <= len(args) <= most:
            raise IllegalMove(f"{code} names {'one cell' if most == 1 else 'one or two cells'}, e.g. play {code} "
                              "L3A1.")
        f = st.car_floor
        if f == 0:
            raise IllegalMove("The elevator is at street level: nobody can enter it there.")
        cells = []
        for arg in args:
            c = _parse_cell(arg)
            if c not in DOORS[f]:
                raise IllegalMove(f"Only employees on L{f}A1 or L{f}B1 (the elevator is at floor {f}) can enter.")
            if st.cells[c] != seat:
                raise IllegalMove(f"You have no employee on {CELL_IDS[c]}.")
            if c in cells:
                raise IllegalMove("Name two different cells.")
            cells.append(c)
        if sum(st.car) + len(cells) > CAPACITY:
            raise IllegalMove(f"The elevator holds {sum(st.car)} and carries at most {CAPACITY}.")
        return tuple(sorted(cells))
    if code in ("jump", "push"):
        if not 1 <= len(args) <= 2:
            raise IllegalMove(f"{code} names one of your employees' cells, e.g. play {code} SA41 (add a or b from "
                              "a landing 1 or 2 cell).")
        if args[0].upper() in OFFICE_INDEX:
            raise IllegalMove(f"Employees in offices cannot {code}: only from the stairs or a landing.")
        c = _parse_cell(args[0])
        if st.cells[c] != seat:
            raise IllegalMove(f"You have no employee on {CELL_IDS[c]}.")
        needs_side = IS_LANDING[c] and NUM[c] < 3
        side = None
        if len(args) == 2:
            if not needs_side:
                raise IllegalMove("Give a staircase (a or b) only when starting from a landing 1 or 2 cell.")
            if args[1] not in ("a", "b"):
                raise IllegalMove("The staircase is a or b.")
            side = "ab".index(args[1])
        elif needs_side:
            raise IllegalMove(f"From {CELL_IDS[c]} say which staircase: play {code} {CELL_IDS[c]} a (or b).")
        if code == "jump":
            return (c, side)
        if side is not None and st.sec[sec3(FLOOR[c], side)]:
            raise IllegalMove(f"Staircase {SIDES[side]} is blocked by fire at landing {FLOOR[c]}.")
        _push_plan(st, c, side, raise_=True)
        return (c, side)
    if code == "expel":
        if len(args) != 1:
            raise IllegalMove("Name the colour to expel, e.g. play expel blue (or blue:L3B2).")
        colour_tok, _, suffix = args[0].partition(":")
        victim = _parse_colour(st, colour_tok)
        f = st.car_floor
        if victim == seat:
            raise IllegalMove("You can't expel your own employee.")
        if f == 0:
            raise IllegalMove("The elevator is at street level: nobody can be expelled there.")
        if not st.car[victim]:
            raise IllegalMove(f"There is no {COLOURS[victim]} employee in the elevator.")
        if not _own_near_car(st, seat):
            raise IllegalMove(f"You need an employee in the elevator or on L{f}A1 / L{f}B1 to expel.")
        c, suff = _choose_arrival(st, f, st.fno, suffix or None, "the expelled employee")
        return (victim, c, suff)
    if code == "shove":
        if len(args) != 2:
            raise IllegalMove("Shove names the victim's cell and an office, e.g. play shove L2B1 O2A.")
        c = _parse_cell(args[0])
        o = _parse_office(args[1])
        if not IS_LANDING[c]:
            raise IllegalMove("Only an employee on a landing can be shoved into an office.")
        v = st.cells[c]
        if v < 0:
            raise IllegalMove(f"Nobody stands on {CELL_IDS[c]}.")
        if v == seat:
            raise IllegalMove("You can't shove your own employee.")
        f = FLOOR[c]
        if OFFICE_FLOOR[o] != f:
            raise IllegalMove(f"{OFFICE_IDS[o]} is not on landing {f}'s floor (O{f}A or O{f}B).")
        if not any(st.cells[x] == seat for x in LANDING_ORDER[f]):
            raise IllegalMove(f"You need an employee of your own on landing {f} to shove.")
        if st.ofire[o] >= 4 and not st.sib:
            raise IllegalMove(f"Office {OFFICE_IDS[o]} has 4 fire tokens: nobody can be shoved into it.")
        return (c, o)
    if code == "swap":
        if len(args) != 2:
            raise IllegalMove("Swap names two cells, e.g. play swap SA21 L2B1.")
        a, b = _parse_cell(args[0]), _parse_cell(args[1])
        ca, cb = st.cells[a], st.cells[b]
        if ca < 0 or cb < 0:
            raise IllegalMove(f"Nobody stands on {CELL_IDS[a] if ca < 0 else CELL_IDS[b]}.")
        if seat not in (ca, cb):
            raise IllegalMove("One of the two employees must be yours.")
        if ca == cb:
            raise IllegalMove("Both employees have the same colour: swapping them changes nothing.")
        if not _swappable(st, a, b):
            raise IllegalMove(f"{CELL_IDS[a]} and {CELL_IDS[b]} are not next to each other (same landing, "
                              "neighbouring stair cells, or a landing and a linked stair end not cut by fire).")
        return tuple(sorted((a, b), key=lambda x: CELL_IDS[x]))
    raise IllegalMove(f"{code} is not an action card.")


def _swappable(st: State, a: int, b: int) -> bool:
    """R6.37 adjacency."""
    la, lb = IS_LANDING[a], IS_LANDING[b]
    if la and lb:
        return FLOOR[a] == FLOOR[b]
    if not la and not lb:
        return SIDE[a] == SIDE[b] and FLOOR[a] == FLOOR[b] and abs(NUM[a] - NUM[b]) == 1
    land, stair = (a, b) if la else (b, a)
    f = FLOOR[land]
    for end, side in LANDING_LINKS[f]:
        if end == stair:
            return not st.sec[sec3(f, side)]
    return False


def _card_str(code: str, args: tuple) -> str:
    if code in ("exit1", "exit2"):
        entries = list(args)
        if len(entries) == 2 and OFFICE_FLOOR[entries[0][0]] != OFFICE_FLOOR[entries[1][0]]:
            entries.sort(key=lambda e: e[0])
        parts = [OFFICE_IDS[o] + (":" + CELL_IDS[c] if suff else "") for o, c, suff in entries]
        return f"play {code} " + " ".join(parts)
    if code == "elevator":
        return f"play elevator {args[0]}"
    if code in ("enter1", "enter2", "swap"):
        return f"play {code} " + " ".join(CELL_IDS[c] for c in args)
    if code in ("jump", "push"):
        c, side = args
        return f"play {code} {CELL_IDS[c]}" + ("" if side is None else " " + "ab"[side])
    if code == "expel":
        v, c, suff = args
        return f"play expel {COLOURS[v]}" + (":" + CELL_IDS[c] if suff else "")
    if code == "shove":
        return f"play shove {CELL_IDS[args[0]]} {OFFICE_IDS[args[1]]}"
    raise ValueError(code)


def _place(st: State, seat: int, c: int, events: list[Event]) -> None:
    """Put an employee on landing cell c; on a burning cell (R9.3) he is eliminated."""
    if st.sec[SECTION[c]]:
        st.amb[seat] += 1
        events.append(Event("eliminated", {"colour": COLOURS[seat], "count": 1, "place": CELL_IDS[c]}))
    else:
        st.cells[c] = seat


def _apply_exit(st: State, seat: int, o: int, c: int, events: list[Event]) -> None:
    st.opeople[o * st.n + seat] -= 1
    _place(st, seat, c, events)


def _path_start(c: int, side: int | None) -> tuple[int, int]:
    """(staircase, index in its path) of a jump/push starting on cell c (R6.33)."""
    if IS_LANDING[c] and NUM[c] < 3:
        x = side
        return x, PATH_POS[x][lcell(FLOOR[c], x, 3)]
    x = SIDE[c]
    return x, PATH_POS[x][c]


def _jump_dest(st: State, c: int, side: int | None) -> int:
    """The path element a jumper stops on (R6.33)."""
    x, s = _path_start(c, side)
    path = PATHS[x]
    cells, sec, fno = st.cells, st.sec, st.fno
    for i in range(s + 1, len(path)):
        e = path[i]
        if e == STREET:
            return e
        if cells[e] >= 0:
            continue
        if IS_LANDING[e] and sec[SECTION[e]] and not fno:
            continue
        return e
    return STREET


def _arrive_path(st: State, seat: int, e: int, events: list[Event]) -> None:
    """An employee moved (jump/push) onto path element e that was free (or burning under R9.3)."""
    if e == STREET:
        st.saved[seat] += 1
        events.append(Event("saved", {"colour": COLOURS[seat], "count": 1, "how": "street"}))
    elif IS_LANDING[e]:
        if st.sec[SECTION[e]]:  # only under fire_not_occupied: he stops in the fire
            _place(st, seat, e, events)
        else:
            _place(st, seat, _arrival(st, FLOOR[e], st.fno)[0], events)  # R6.2 / R9.3, side A
    else:
        st.cells[e] = seat


def _push_plan(st: State, c: int, side: int | None, raise_: bool) -> tuple | None:
    """R6.34: (path, start index, chain length) or None / IllegalMove when t is not allowed."""
    x, s = _path_start(c, side)
    path = PATHS[x]
    cells = st.cells
    i = s + 1
    while path[i] != STREET and cells[path[i]] >= 0:
        i += 1
    t = path[i]
    if t != STREET and IS_LANDING[t] and st.sec[SECTION[t]] and not st.fno:
        if raise_:
            raise IllegalMove(f"The push would move someone onto the burning cell {CELL_IDS[t]}.")
        return None
    return (x, s, i)


def _apply_card(st: State, seat: int, code: str, args: tuple, events: list[Event]) -> None:
    n = st.n
    if code in ("exit1", "exit2"):  # R6.30
        for o, c, _ in args:
            _apply_exit(st, seat, o, c, events)
    elif code == "elevator":  # R6.31
        d = args[0]
        st.car_floor = d
        events.append(Event("elevator.moved", {"floor": d}))
        if d == 0:
            for v in range(n):
                k = st.car[v]
                if k:
                    st.saved[v] += k
                    st.car[v] = 0
                    events.append(Event("saved", {"colour": COLOURS[v], "count": k, "how": "elevator"}))
    elif code in ("enter1", "enter2"):  # R6.32
        for c in args:
            st.cells[c] = -1
            st.car[seat] += 1
        _compact(st.cells, st.sec, st.car_floor)
    elif code == "jump":  # R6.33
        c, side = args
        e = _jump_dest(st, c, side)
        st.cells[c] = -1
        _arrive_path(st, seat, e, events)
        if IS_LANDING[c]:
            _compact(st.cells, st.sec, FLOOR[c])
    elif code == "push":  # R6.34
        c, side = args
        x, s, i = _push_plan(st, c, side, raise_=False)
        path = PATHS[x]
        cells = st.cells
        cells[c] = -1
        if i == s + 1:  # empty chain: a plain one-cell step (D24)
            _arrive_path(st, seat, path[i], events)
        else:
            # simultaneously: the last of the chain goes to t, the others one element down, the pusher to s+1
            last = cells[path[i - 1]]
            for j in range(i - 1, s + 1, -1):
                cells[path[j]] = cells[path[j - 1]]
            cells[path[s + 1]] = seat
            _arrive_path(st, last, path[i], events)
        _compact_all(st)
    elif code == "expel":  # R6.35
        v, c, _ = args
        st.car[v] -= 1
        _place(st, v, c, events)
    elif code == "shove":  # R6.36
        c, o = args
        v = st.cells[c]
        st.cells[c] = -1
        if st.ofire[o] >= 4:  # shove_into_burnt
            st.amb[v] += 1
            events.append(Event("eliminated", {"colour": COLOURS[v], "count": 1, "place": OFFICE_IDS[o]}))
        else:
            st.opeople[o * n + v] += 1
        _compact(st.cells, st.sec, FLOOR[c])
    elif code == "swap":  # R6.37
        a, b = args
        st.cells[a], st.cells[b] = st.cells[b], st.cells[a]


# --- legal move generation (R11.3-R11.5) ------------------------------------------------------------------

def _canonical(st: State, typed: str, key: str, signature) -> str:
    """R11.5: the kept string of the same result as the (legal) typed move.

    Only the entries of the typed kind (walks, or one card code) can match, so only those are built."""
    kind = "walk" if key == "walk" else key[5:]  # "play exit2" -> "exit2"
    entries = _walk_moves(st, st.active) if kind == "walk" else _card_moves(st, st.active, kind)
    for m, _ in entries:
        if m == typed:
            return m
    sig = signature(_board_clone(st))
    prefix = key + " "
    for m, s in entries:
        if s is not None and s == sig and m.startswith(prefix):
            return m
    return typed


def _legal_entries(st: State) -> list[tuple[str, tuple | None]]:
    cached = st._legal
    if cached is not None:
        return cached
    seat = st.active
    out: list[tuple[str, tuple | None]] = []
    if st.phase == "event":
        out.append(("draw", None))
    elif st.phase == "pompier":
        out += [(f"remove {_spot_id(sp)}", None) for sp in _spots(st)]
    elif st.phase == "truck":
        out += _truck_moves(st, seat)
        out.append(("truck keep", None))
    elif st.phase == "actions":
        hand = st.hands[seat]
        known: dict[str, list] = {}
        for code in sorted(set(hand)):
            moves = known.get(code)
            if moves is None:
                moves = known[code] = _card_moves(st, seat, code)
            out += moves
        if st.kept[seat]:
            out += _truck_moves(st, seat)
        moves = known.get("walk")
        if moves is None:
            moves = known["walk"] = _walk_moves(st, seat)
        out += moves
        if st.actions_left >= 3:
            out += [(f"extinguish {_spot_id(sp)}", None) for sp in _spots(st)]
        out += _redraws(hand)  # a cached list: never mutated
    st._legal = out
    return out


def _truck_moves(st: State, seat: int) -> list:
    n = st.n
    out = [(f"truck save {OFFICE_IDS[o]}", None) for o in range(8) if st.ofire[o] and st.opeople[o * n + seat]]
    out += [(f"truck remove {_spot_id(sp)}", None) for sp in _spots(st)]
    return out


def _redraws(hand: list[str]) -> list[tuple[str, None]]:
    return _redraws_of(tuple(hand))


@lru_cache(maxsize=4096)
def _redraws_of(hand: tuple[str, ...]) -> list[str]:
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    combos = [[]]
    for code in sorted(counts):
        combos = [combo + [code] * k for combo in combos for k in range(counts[code] + 1)]
    return [(m, None) for m in sorted("redraw " + " ".join(combo) for combo in combos if combo)]


def _dedupe(cands: list[tuple[str, Any]], simulate) -> list[tuple[str, tuple]]:
    """Keep the ASCII-smallest string per distinct result (R11.5)."""
    best: dict[tuple, str] = {}
    for m, args in cands:
        sig = simulate(args)
        if sig not in best or m < best[sig]:
            best[sig] = m
    return sorted(((m, s) for s, m in best.items()))


# "walk <from> <to>" strings, built once: flight steps (down, up), flight end -> landing, SX13 -> G.
_WALK_STEP = [(f"walk {CELL_IDS[c]} {CELL_IDS[c + 1]}" if not IS_LANDING[c] and NUM[c] < 3 else "",
               f"walk {CELL_IDS[c]} {CELL_IDS[c - 1]}" if not IS_LANDING[c] and NUM[c] > 1 else "")
              for c in range(NCELLS)]
_WALK_LANDING = [f"walk {CELL_IDS[c]} L{flight_end_landing(c)}" if not IS_LANDING[c] and flight_end_landing(c)
                 else "" for c in range(NCELLS)]
_WALK_OFF = {(c, end): f"walk {CELL_IDS[c]} {CELL_IDS[end]}" for c in range(NCELLS) if IS_LANDING[c]
             for end, _ in LANDING_LINKS[FLOOR[c]]}
_WALK_KEY = {}  # sort key of R11.3's walk order: the street first, then ASCII


def _walk_key(entry: tuple) -> tuple:
    m = entry[0]
    key = _WALK_KEY.get(m)
    if key is None:
        key = _WALK_KEY[m] = (m.endswith(" G") is False, m)
    return key


def _dedupe_signed(cands: list[tuple[str, tuple]]) -> list[tuple[str, tuple]]:
    """_dedupe for candidates whose result signature is already known."""
    best: dict[tuple, str] = {}
    for m, sig in cands:
        if sig not in best or m < best[sig]:
            best[sig] = m
    return sorted(((m, s) for s, m in best.items()))


def _walk_moves(st: State, seat: int) -> list:
    cells, sec = st.cells, st.sec
    out: list = []
    starts: dict[int, list[int]] = {}
    for c in range(NCELLS):
        if cells[c] != seat:
            continue
        if IS_LANDING[c]:
            starts.setdefault(FLOOR[c], []).append(c)
            continue
        k = NUM[c]
        down, up = _WALK_STEP[c]
        if k > 1 and cells[c - 1] < 0:
            out.append((up, None))
        if k < 3 and cells[c + 1] < 0:
            out.append((down, None))
        g = flight_end_landing(c)
        if g is not None and not sec[sec3(g, SIDE[c])] and _arrival(st, g, False):
            out.append((_WALK_LANDING[c], None))
        if k == 3 and FLOOR[c] == 1:
            out.append((f"walk {CELL_IDS[c]} G", None))
    for f, froms in starts.items():
        ends = [end for end, side in LANDING_LINKS[f] if not sec[sec3(f, side)] and cells[end] < 0]
        if not ends:
            continue
        if len(froms) == 1:
            out += [(_WALK_OFF[froms[0], end], None) for end in ends]
            continue
        # R11.5: leaving from c empties c and compacts the landing; the stair end reached is untouched by
        # compaction, so two starts give one result iff their compacted landings agree (then for every end),
        # and the kept string names the ASCII-smallest start.
        kept: dict[tuple, list[int]] = {}
        for c in froms:
            b = cells[:]
            b[c] = -1
            _compact(b, sec, f)
            landing = tuple(b)
            if landing not in kept or CELL_IDS[c] < CELL_IDS[kept[landing][0]]:
                kept[landing] = [c, b]
        for c, b in kept.values():
            for end in ends:
                b[end] = seat
                out.append((_WALK_OFF[c, end], tuple(b)))
                b[end] = -1
    out.sort(key=_walk_key)
    return out


def _sim_card(st: State, seat: int, code: str):
    def sim(args):
        b = _board_clone(st)
        _apply_card(b, seat, code, args, [])
        return _sig(b)
    return sim


def _same_jump_end(st: State, cands: list) -> bool:
    """Two jumps of one employee (staircase a / b) that may end alike (R11.5): both saved, both lost in the
    fire, or both arriving on one landing (its lowest free cell, side A, whichever 3 cell they reached)."""
    ends = [_jump_dest(st, c, side) for _, (c, side) in cands]
    return all(e == STREET or IS_LANDING[e] for e in ends)  # two stair cells are always distinct ends


def _options_for(st: State, f: int) -> list[tuple[int, bool]]:
    """Arrival choices for Exit/Expel on landing f: [(cell, needs suffix)]; equal results collapse."""
    allowed = _arrival(st, f, st.fno)
    if len(allowed) == 2:
        a, b = allowed
        if st.sec[SECTION[a]] and st.sec[SECTION[b]]:  # both eliminate: one result
            return [(a, False)]
        return [(a, False), (b, True)]
    return [(c, False) for c in allowed]


def _card_moves(st: State, seat: int, code: str) -> list:
    n = st.n
    cells = st.cells
    out: list = []
    sim = _sim_card(st, seat, code)
    if code in ("exit1", "exit2"):
        offices = [o for o in range(8) if st.opeople[o * n + seat] and st.ofire[o] <= 2]
        if not offices:
            return out
        floor_opts = {f: _options_for(st, f) for f in {OFFICE_FLOOR[o] for o in offices}}
        frags = {o: [OFFICE_IDS[o] + (":" + CELL_IDS[c] if suff else "") for c, suff in floor_opts[OFFICE_FLOOR[o]]]
                 for o in offices}
        prefix = f"play {code} "
        out += [(prefix + fr, None) for o in offices for fr in frags[o]]
        if code == "exit2":
            same_floor = []
            for i, o1 in enumerate(offices):
                for o2 in offices[i:]:
                    if o1 == o2 and st.opeople[o1 * n + seat] < 2:
                        continue
                    if OFFICE_FLOOR[o1] != OFFICE_FLOOR[o2]:
                        out += [(prefix + x + " " + y, None) for x in frags[o1] for y in frags[o2]]
                        continue
                    # the o1-first order reaches every result and always spells it smaller (R11.5)
                    f = OFFICE_FLOOR[o1]
                    for c1, s1 in floor_opts[f]:
                        b = _board_clone(st)
                        _apply_exit(b, seat, o1, c1, [])
                        first = frags[o1][floor_opts[f].index((c1, s1))]
                        for c2, s2 in _options_for(b, f):
                            b2 = _board_clone(b)
                            _apply_exit(b2, seat, o2, c2, [])
                            second = OFFICE_IDS[o2] + (":" + CELL_IDS[c2] if s2 else "")
                            same_floor.append((prefix + first + " " + second, _sig(b2)))
            if same_floor:
                out += _dedupe_signed(same_floor)
        return out
    if code == "elevator":
        ride = st.car[seat] > 0
        for d in (0, 1, 2, 3, 4):
            if d != st.car_floor and (ride or (d >= 1 and (cells[DOORS[d][0]] == seat or
                                                          cells[DOORS[d][1]] == seat))):
                out.append((f"play elevator {d}", None))
        return out
    if code in ("enter1", "enter2"):
        f = st.car_floor
        if f == 0:
            return out
        room = CAPACITY - sum(st.car)
        mine = [c for c in DOORS[f] if cells[c] == seat]
        if not mine or room < 1:
            return out
        cands = [(_card_str(code, (c,)), (c,)) for c in mine]
        out += _dedupe(cands, sim) if len(mine) == 2 else [(m, None) for m, _ in cands]
        if code == "enter2" and len(mine) == 2 and room >= 2:
            out.append((_card_str(code, tuple(mine)), None))
        return out
    if code in ("jump", "push"):
        from_landing: dict[int, list] = {}
        for c in range(NCELLS):
            if cells[c] != seat:
                continue
            sides = (0, 1) if IS_LANDING[c] and NUM[c] < 3 else (None,)
            for side in sides:
                if code == "push":
                    if side is not None and st.sec[sec3(FLOOR[c], side)]:
                        continue
                    if _push_plan(st, c, side, raise_=False) is None:
                        continue
                m = _card_str(code, (c, side))
                if IS_LANDING[c]:
                    from_landing.setdefault(FLOOR[c], []).append((m, (c, side)))
                else:
                    out.append((m, None))
        for cands in from_landing.values():
            starts = {args[0] for _, args in cands}
            if len(starts) > 1 or (code == "jump" and len(cands) == 2 and _same_jump_end(st, cands)):
                out += _dedupe(cands, sim)  # compaction or the street can make two moves one (R11.5)
            else:
                out += [(m, None) for m, _ in cands]
        return out
    if code == "expel":
        f = st.car_floor
        if f == 0 or not _own_near_car(st, seat):
            return out
        opts = _options_for(st, f)
        for v in range(n):
            if v != seat and st.car[v]:
                out += [(_card_str(code, (v, c, suff)), None) for c, suff in opts]
        return out
    if code == "shove":
        for f in (1, 2, 3, 4):
            order = LANDING_ORDER[f]
            if not any(cells[c] == seat for c in order):
                continue
            offices = [o for o in (2 * (f - 1), 2 * (f - 1) + 1) if st.ofire[o] < 4 or st.sib]
            if len(offices) == 2 and st.ofire[offices[0]] == 4 and st.ofire[offices[1]] == 4:
                offices = offices[:1]  # both eliminate the victim: one result
            victims = [c for c in order if cells[c] >= 0 and cells[c] != seat]
            colours = [cells[c] for c in victims]
            cands = [(_card_str(code, (c, o)), (c, o)) for c in victims for o in offices]
            if len(set(colours)) == len(colours):
                out += [(m, None) for m, _ in cands]  # different colours: distinct results
            else:
                out += _dedupe(cands, sim)
        return out
    if code == "swap":
        seen = set()
        for c in range(NCELLS):
            if cells[c] != seat:
                continue
            partners = []
            if IS_LANDING[c]:
                f = FLOOR[c]
                partners += LANDING_ORDER[f]
                partners += [end for end, side in LANDING_LINKS[f] if not st.sec[sec3(f, side)]]
            else:
                if NUM[c] > 1:
                    partners.append(c - 1)
                if NUM[c] < 3:
                    partners.append(c + 1)
                g = flight_end_landing(c)
                if g is not None and not st.sec[sec3(g, SIDE[c])]:
                    partners += LANDING_ORDER[g]
            for p in partners:
                if cells[p] >= 0 and cells[p] != seat:
                    pair = tuple(sorted((c, p), key=lambda x: CELL_IDS[x]))
                    if pair not in seen:
                        seen.add(pair)
                        out.append((_card_str(code, pair), None))
        out.sort()
        return out
    return out


# --- views, dump, load ------------------------------------------------------------------------------------

def _board_dict(st: State) -> dict:
    n = st.n
    return {
        "cells": {CELL_IDS[c]: COLOURS[s] for c, s in enumerate(st.cells) if s >= 0},
        "offices": {OFFICE_IDS[o]: {"fire": st.ofire[o],
                                     **{COLOURS[s]: st.opeople[o * n + s] for s in range(n)}} for o in range(8)},
        "burning": [SECTION_IDS[s] for s in range(16) if st.sec[s]],
        "car": {"floor": st.car_floor, **{COLOURS[s]: st.car[s] for s in range(n)}},
        "saved": {COLOURS[s]: st.saved[s] for s in range(n)},
        "ambulance": {COLOURS[s]: st.amb[s] for s in range(n)},
        "kept_trucks": {COLOURS[s]: st.kept[s] for s in range(n)},
        "reserve": st.reserve,
        "timer": st.timer,
        "first_token": st.first_token,
        "first": st.first,
        "active": st.active,
        "phase": st.phase,
        "actions_left": st.actions_left,
        "turn": st.turn,
        "end_now": st.end_now,
        "end_round": st.end_round,
        "current_event": st.current_event,
        "last_event": st.last_event,
        "last_action": st.last_action,
        "played_events": list(st.played),
        "out_of_game": list(st.out),
    }


def _options_dict(st: State) -> dict:
    return {"extreme_opening": st.opening, "pompier_removed": st.pompier_removed,
            "fire_not_occupied": st.fno, "shove_into_burnt": st.sib, "expel_count": st.expel_count}


def dump(st: State) -> dict:
    data = {"game": "tower", "version": 1, "players": st.n, "options": _options_dict(st)}
    data.update(_board_dict(st))
    data.update({
        # piles: the LAST element is the top (drawn next)
        "event_pile": list(st.epile),
        "pack": list(st.pack),
        "action_pile": list(st.apile),
        "discard": list(st.discard),
        "hands": {COLOURS[s]: list(st.hands[s]) for s in range(st.n)},
        "rng": st.rng.dump(),
    })
    if st.opening_log:
        data["opening_log"] = list(st.opening_log)
    return data


def load(data: Mapping) -> State:
    st = State()
    n = st.n = int(data["players"])
    opts = data.get("options", {})
    st.opening = bool(opts.get("extreme_opening", False))
    st.pompier_removed = bool(opts.get("pompier_removed", False))
    st.fno = bool(opts.get("fire_not_occupied", False))
    st.sib = bool(opts.get("shove_into_burnt", False))
    st.expel_count = int(opts.get("expel_count", 9))
    st.cells = [-1] * NCELLS
    for cid, colour in data.get("cells", {}).items():
        st.cells[CELL_INDEX[cid]] = COLOURS.index(colour)
    st.ofire = [0] * 8
    st.opeople = [0] * (8 * n)
    for oid, office in data["offices"].items():
        o = OFFICE_INDEX[oid]
        st.ofire[o] = int(office.get("fire", 0))
        for s in range(n):
            st.opeople[o * n + s] = int(office.get(COLOURS[s], 0))
    st.sec = [0] * 16
    for sid in data.get("burning", []):
        st.sec[SECTION_IDS.index(sid)] = 1
    car = data.get("car", {})
    st.car_floor = int(car.get("floor", 0))
    st.car = [int(car.get(COLOURS[s], 0)) for s in range(n)]
    st.saved = [int(data.get("saved", {}).get(COLOURS[s], 0)) for s in range(n)]
    st.amb = [int(data.get("ambulance", {}).get(COLOURS[s], 0)) for s in range(n)]
    st.kept = [int(data.get("kept_trucks", {}).get(COLOURS[s], 0)) for s in range(n)]
    st.reserve = int(data["reserve"])
    st.timer = int(data["timer"])
    st.first_token = bool(data["first_token"])
    st.first = int(data["first"])
    st.active = int(data["active"])
    st.phase = data["phase"]
    st.actions_left = int(data["actions_left"])
    st.turn = int(data["turn"])
    st.end_now = bool(data.get("end_now", False))
    st.end_round = bool(data.get("end_round", False))
    st.current_event = data.get("current_event")
    st.last_event = data.get("last_event")
    st.last_action = data.get("last_action")
    st.played = list(data.get("played_events", []))
    st.out = list(data.get("out_of_game", []))
    st.epile = list(data["event_pile"])
    st.pack = list(data["pack"])
    st.apile = list(data["action_pile"])
    st.discard = list(data["discard"])
    st.hands = [list(data["hands"][COLOURS[s]]) for s in range(n)]
    st.rng = Rng.load(data["rng"])
    st.opening_log = list(data.get("opening_log", []))
    st._legal = None
    return st


def _view(st: State, seat: int | None) -> dict:
    n = st.n
    out = _outcome(st).dump() if st.phase == "over" else None
    view = {
        "game": "tower",
        "seats": list(COLOURS[:n]),
        "to_move": [] if st.phase == "over" else [st.active],
        "over": st.phase == "over",
        "outcome": out,
        "viewer": seat,
        "dealer": _dealer(st),
        "in_building": {COLOURS[s]: _in_building(st, s) for s in range(n)},
        "event_pile_size": len(st.epile),
        "pack_size": len(st.pack),
        "last_pile": st.timer == 0,
        "action_pile_size": len(st.apile),
        "discard_size": len(st.discard),
        "hand_sizes": {COLOURS[s]: len(st.hands[s]) for s in range(n)},
        "options": _options_dict(st),
    }
    view.update(_board_dict(st))
    if seat is not None and 0 <= seat < n:
        view["hand"] = list(st.hands[seat])
        view["colour"] = COLOURS[seat]
        if seat == st.active and st.phase != "over":
            view["legal_moves"] = [m for m, _ in _legal_entries(st)]
    return view
