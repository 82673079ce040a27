"""Fire Zones (Feurio! rules): the engine. Rule ids (R…, D…) refer to shared/rules/firezone.md."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from engines.core import Event, IllegalMove, InvalidOption, Option, Outcome, Rng
from engines.firezone import geometry as geo
from engines.firezone.geometry import COLOUR_LETTERS, COLOURS, NEIGHBOUR_STEPS, SLOTS
from engines.firezone.scoring import Zone, zones

MEN_PER_COLOUR = 12  # R2.3
REINFORCEMENTS = 4  # R4.2, 3 players
RED = 3  # position of the reinforcement colour in the colour order (R4.2; red by default)

# R4.3 start cells; 4 players: ends then middles.
SETUP_CELLS = {1: [(0, 0)], 2: [(0, 0), (1, 0)], 3: [(0, 0), (1, 0), (0, 1)]}
ENDS = [geo.key(0, 0), geo.key(1, 1)]
MIDDLES = [geo.key(1, 0), geo.key(0, 1)]

# R4.2: colours each seat controls, and which of them are its "own" (sacrificable, R6.3), as positions in
# the table's colour order (option `colours`, default green, blue, yellow, red: the spec's seat_colours).
SEAT_COLOURS = {1: [[0, 1, 2, 3]], 2: [[0, 2], [1, 3]], 3: [[0, RED], [1, RED], [2, RED]], 4: [[0], [1], [2], [3]]}
OWN_COLOURS = {1: [[0, 1, 2, 3]], 2: [[0, 2], [1, 3]], 3: [[0], [1], [2]], 4: [[0], [1], [2], [3]]}

COMPETITIVE, SOLO, COOP = "competitive", "solo", "coop"
DEFAULT_ORDER = "gbyr"
# R4.2: players may pick colours before the start; any order of the four colours keeps the counts.
COLOUR_ORDERS = tuple("".join(p) for p in permutations(DEFAULT_ORDER))
SETUP, TILE, MEN, OVER = "setup", "tile", "men", "over"


# French words for the catalogs: event_text fills templates from params only, so every event that names a
# colour or a seat carries the French words beside the English ones ("couleur" next to "colour", "joueur"
# next to "player"), like the rulebook's "Vert", "Bleu", "Jaune", "Rouge" and "hommes".
COULEURS = ("vert", "bleu", "jaune", "rouge")  # masculine singular, agreeing with "homme"
COULEURS_PLURIEL = ("verts", "bleus", "jaunes", "rouges")


def seat_label(st: State, seat: int, locale: str = "en") -> str:
    if st.players == 1:
        return "Solo"
    names = COULEURS if locale == "fr" else COLOURS
    return " & ".join(names[c].capitalize() for c in st.own_cols[seat])


def _who(st: State, seat: int) -> dict[str, Any]:
    """The params naming a seat, in English ("player") and French ("joueur")."""
    return {"player": seat_label(st, seat), "joueur": seat_label(st, seat, "fr"), "seat": seat}


class State:
    """One game of Fire Zones. `board` maps cell -> shown value (0 for a firebreak)."""

    __slots__ = (
        "players", "mode", "firebreaks", "round_down", "auto_forced", "rng", "pile", "board", "hidden",
        "men", "free", "frontier", "supply", "sacrificed", "phase", "current", "drawn", "drew", "passes",
        "turn", "setup_draws", "last", "result", "opening", "order", "seat_cols", "own_cols",
    )

    def __init__(self) -> None:
        self.players = 0
        self.mode = COMPETITIVE
        self.firebreaks = False
        self.round_down = False
        self.auto_forced = True
        self.rng = Rng(0)
        self.pile: list[int] = []  # top of the pile is the LAST element (R7.1, never public)
        self.board: dict[int, int] = {}  # placement order; firebreaks show 0
        self.hidden: dict[int, list[int]] = {}  # firebreak cell -> [true value, placer seat]
        self.men: dict[int, list[int]] = {}  # face-up cell -> men per colour
        self.free: dict[int, int] = {}  # R3.7 free accesses of every tile
        self.frontier: dict[int, int] = {}  # R3.5/R3.6 empty cell next to a tile -> heat
        self.supply: list[list[int]] = []  # seat -> unplaced men per colour
        self.sacrificed: list[list[int]] = []  # seat -> men sent to the box per colour
        self.phase = TILE
        self.current = 0
        self.drawn: int | None = None
        self.drew = False  # this turn had a Phase A (R8.1: only men-only turns count as passes)
        self.passes = 0
        self.turn = 1
        self.setup_draws: list[int] = []
        self.last: dict[str, Any] = {}
        self.result: Outcome | None = None
        self.opening: list[dict] = []  # events of the automatic moves made inside setup()
        self.order = DEFAULT_ORDER  # option `colours`: colour letters by position (R4.2)
        self.seat_cols: list[list[int]] = []  # seat -> colours it controls
        self.own_cols: list[list[int]] = []  # seat -> its own colours (not the 3-player reinforcements)

    def set_colours(self, order: str) -> None:
        """R4.2: map the seats' colour positions through the chosen colour order."""
        self.order = order
        colour_at = [COLOUR_LETTERS[letter] for letter in order]
        self.seat_cols = [[colour_at[i] for i in pos] for pos in SEAT_COLOURS[self.players]]
        self.own_cols = [[colour_at[i] for i in pos] for pos in OWN_COLOURS[self.players]]

    def reinforcement_colour(self) -> int | None:
        return COLOUR_LETTERS[self.order[RED]] if self.players == 3 else None

    # -- geometry helpers ------------------------------------------------------------------------------

    def place(self, cell: int, shown: int) -> None:
        """Lay a tile (face up with its value, or a firebreak showing 0) and update heat and accesses."""
        board = self.board
        frontier = self.frontier
        free = self.free
        board[cell] = shown
        frontier.pop(cell, None)
        own_free = 0
        for step in NEIGHBOUR_STEPS:
            nb = cell + step
            if nb in board:
                free[nb] -= 1
            else:
                own_free += 1
                frontier[nb] = frontier.get(nb, 0) + shown
        free[cell] = own_free

    def hottest(self) -> tuple[int, list[int]]:
        """R3.6: the maximum heat and the frontier cells that reach it, in reading order."""
        frontier = self.frontier
        top = max(frontier.values())
        cells = [cell for cell, heat in frontier.items() if heat == top]
        if len(cells) > 1:
            cells.sort(key=geo.sort_key)
        return top, cells

    def room(self, cell: int) -> int:
        """R3.8 / R6.4: how many more men the face-up tile at `cell` takes now."""
        cap = SLOTS[self.board[cell]]
        free = self.free[cell]
        if free < cap:
            cap = free
        return cap - sum(self.men[cell])

    def colours_left(self, seat: int) -> list[int]:
        supply = self.supply[seat]
        return [c for c in self.seat_cols[seat] if supply[c]]

    def own_left(self, seat: int) -> list[int]:
        supply = self.supply[seat]
        return [c for c in self.own_cols[seat] if supply[c]]

    def firebreak_allowed(self, seat: int) -> bool:
        """R6.3 preconditions other than the cell."""
        return self.firebreaks and self.mode == COMPETITIVE and bool(self.own_left(seat))

    def has_men_move(self, seat: int) -> bool:
        if not any(self.supply[seat][c] for c in self.seat_cols[seat]):
            return False
        return any(self.room(cell) > 0 for cell in self.men)


def _hottest_text(state: State) -> str:
    top, cells = state.hottest()
    return ", ".join(f"{geo.name(c)} ({top})" for c in cells)


def _canonical_tokens(move: str) -> list[str]:
    """R11.2: lower case, single spaces, `(q,r)` and `q, r` accepted."""
    text = move.strip().lower().replace("(", " ").replace(")", " ")
    parts = text.split()
    # re-join "q," "r" written with a space after the comma
    joined: list[str] = []
    for part in parts:
        if joined and (joined[-1].endswith(",") or part.startswith(",")):
            joined[-1] += part
        else:
            joined.append(part)
    return joined


class FirezoneEngine:
    id = "firezone"
    title = "Fire Zones"
    seats = range(1, 5)
    # Drawing shows the next tile of the shuffled pile (face up, or to the drawer): no undo past it.
    revealing_events = frozenset({"draw", "draw.hidden", "draw.private", "draw.private_no_firebreak", "reveal"})

    def determinize(self, data: dict, seat: int, rng) -> dict:
        """A copy of a dump in which everything `seat` can't know is dealt again (for a computer player's
        imagined games): the pile's order, another player's drawn tile while it is face down (firebreaks
        variant), and the values of the other players' firebreaks (R6.3). What the seat sees is kept."""
        data = dict(data)
        tiles = [list(t) for t in data["tiles"]]
        theirs = [i for i, t in enumerate(tiles) if len(t) == 5 and t[4] != seat]  # [q, r, 0, value, placer]
        drawn_hidden = bool(data.get("firebreaks") and data.get("drew") and data.get("drawn") is not None
                            and data.get("current") != seat)
        unknown = list(data["pile"]) + [tiles[i][3] for i in theirs] + ([data["drawn"]] if drawn_hidden else [])
        rng.shuffle(unknown)
        data["pile"] = unknown[:len(data["pile"])]
        rest = unknown[len(data["pile"]):]
        for i in theirs:
            tiles[i][3] = rest.pop(0)
        if drawn_hidden:
            data["drawn"] = rest.pop(0)
        data["tiles"] = tiles
        return data
    options = [
        Option("mode", COMPETITIVE, "competitive, or coop (2-4 players); 1 player is always solo", "str",
               (COMPETITIVE, SOLO, COOP)),
        Option("firebreaks", False, "Advanced rule: place a drawn tile face down, sacrificing one man",
               "bool"),
        Option("rounding", "up", "Zone values round up; down is the variant \"C'est chaud !\"", "str",
               ("up", "down")),
        Option("auto_forced_tile", True, "Place the drawn tile automatically when only one spot is legal",
               "bool"),
        Option("colours", DEFAULT_ORDER, "Colours by seat (g b y r); 2 players: seat 1 gets 1st+3rd; 3: 4th reinforces",
               "str", COLOUR_ORDERS),
    ]

    # -- setup -----------------------------------------------------------------------------------------

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats not in self.seats:
            raise InvalidOption(f"Fire Zones is for 1 to 4 players, not {seats}.")
        mode = options.get("mode", COMPETITIVE)
        if seats == 1:
            if mode == COOP:
                raise InvalidOption("The cooperative game needs 2 to 4 players; 1 player plays solo.")
            mode = SOLO  # R9.2: solo is the only mode for 1 player
        elif mode == SOLO:
            raise InvalidOption("Solo is for 1 player; with 2 to 4 players choose competitive or coop.")
        st = State()
        st.players = seats
        order = str(options.get("colours") or DEFAULT_ORDER).lower()
        if order not in COLOUR_ORDERS:
            raise InvalidOption(f"Option colours: {order!r} must name g, b, y and r once each, e.g. rgby.")
        st.set_colours(order)  # R4.2
        st.mode = mode
        st.firebreaks = bool(options.get("firebreaks", False)) and mode == COMPETITIVE  # R6.3
        st.round_down = options.get("rounding", "up") == "down"  # R9.3
        st.auto_forced = bool(options.get("auto_forced_tile", True))
        st.rng = Rng(seed)
        # R7.1: shuffle the 36 tiles; a scenario `stack` fixes the first draws (R2.1 counts checked).
        stack = [int(v) for v in (options.get("stack") or [])]
        rest = [v for v in range(1, 7) for _ in range(6)]
        for value in stack:
            if value not in rest:
                raise InvalidOption(f"Stack: there are only six tiles of value {value} (values are 1-6).")
            rest.remove(value)
        st.rng.shuffle(rest)
        draw_order = stack + rest
        st.pile = draw_order[::-1]
        # R4.2 supplies.
        st.supply = [[0, 0, 0, 0] for _ in range(seats)]
        st.sacrificed = [[0, 0, 0, 0] for _ in range(seats)]
        for seat in range(seats):
            for colour in st.own_cols[seat]:
                st.supply[seat][colour] = MEN_PER_COLOUR
            if seats == 3:
                st.supply[seat][st.reinforcement_colour()] = REINFORCEMENTS
        # R4.3 start tiles.
        st.setup_draws = [st.pile.pop() for _ in range(seats)]
        st.current = 0
        opening: list[Event] = []
        if seats == 4:
            st.phase = SETUP
            st.current = 3  # the setup player (R4.1, D14)
            if len(set(st.setup_draws)) == 1:  # R4.3: one possible pair, played automatically
                self._lay_rhombus(st, st.setup_draws[0], st.setup_draws[0])
                opening.append(self._setup_event(st, 3, st.setup_draws[0], st.setup_draws[0]))
                self._start_turn(st, opening)
        else:
            for (q, r), value in zip(SETUP_CELLS[seats], st.setup_draws, strict=True):
                self._face_up(st, geo.key(q, r), value)
            self._start_turn(st, opening)
        st.opening = [e.dump() for e in opening]
        return st

    def opening_events(self, state: State) -> list[Event]:
        """The events setup() produced (first draw, automatic first tile): setup returns only the state."""
        return [Event.load(e) for e in state.opening]

    def _face_up(self, st: State, cell: int, value: int) -> None:
        st.place(cell, value)
        st.men[cell] = [0, 0, 0, 0]

    def _lay_rhombus(self, st: State, low: int, high: int) -> None:
        """R4.3, 4 players: middles to 1,0 then 0,1, ends to 0,0 then 1,1, each in draw order."""
        draws = list(st.setup_draws)
        chosen: list[int] = []
        for value in (low, high):  # equal values are interchangeable: take the first unused draw
            chosen.append(next(i for i, v in enumerate(draws) if v == value and i not in chosen))
        middles = sorted(chosen)
        ends = [i for i in range(4) if i not in chosen]
        for cell, index in zip(MIDDLES + ENDS, middles + ends, strict=True):
            self._face_up(st, cell, draws[index])
        st.current = 0

    # -- turn flow -------------------------------------------------------------------------------------

    def _start_turn(self, st: State, events: list[Event]) -> None:
        """Begin the current seat's turn and play any automatic move (R5.3) until a choice is needed."""
        while True:
            seat = st.current
            who = _who(st, seat)
            if st.pile:
                # R5.1 / R7.2: draw the top tile for the active player.
                st.drawn = st.pile.pop()
                st.drew = True
                st.phase = TILE
                hot = _hottest_text(st)
                if st.firebreaks:
                    events.append(Event("draw.hidden", {**who, "hottest": hot}))
                    # R6.3: offer the firebreak only to a drawer who may still sacrifice one of their own men
                    kind = "draw.private" if st.firebreak_allowed(seat) else "draw.private_no_firebreak"
                    events.append(Event(kind, {"value": st.drawn, "hottest": hot}, to=seat))
                else:
                    events.append(Event("draw", {**who, "value": st.drawn, "hottest": hot}))
                top, cells = st.hottest()
                if len(cells) > 1 or not st.auto_forced or st.firebreak_allowed(seat):
                    return
                self._tile(st, seat, cells[0], top, events, auto=True)  # R5.3(b)
            else:
                st.drawn = None
                st.drew = False
                st.phase = MEN
            if st.has_men_move(seat):
                return
            events.append(Event("pass.auto", who))  # R5.3(a)
            if self._end_turn(st, True, events):
                return

    def _end_turn(self, st: State, passed: bool, events: list[Event]) -> bool:
        """Close the turn; returns True when the game is over."""
        if not st.drew:  # R8.1: only men-only turns move the pass counter
            st.passes = st.passes + 1 if passed else 0
        if st.mode != COMPETITIVE and not st.pile:  # R8.2
            self._finish(st, events)
            return True
        if st.mode == COMPETITIVE and st.passes >= st.players:  # R8.1, D11
            self._finish(st, events)
            return True
        st.current = (st.current + 1) % st.players
        st.turn += 1
        return False

    def _next(self, st: State, passed: bool, events: list[Event]) -> None:
        if not self._end_turn(st, passed, events):
            self._start_turn(st, events)

    def _tile(self, st: State, seat: int, cell: int, heat: int, events: list[Event], auto: bool) -> None:
        value = st.drawn
        assert value is not None
        self._face_up(st, cell, value)
        st.drawn = None
        st.phase = MEN
        st.last = {"cell": geo.name(cell), "kind": "tile"}
        kind = "tile.auto" if auto else "tile"
        events.append(Event(kind, {**_who(st, seat),
                                   "value": value, "cell": geo.name(cell), "heat": heat}))
        if not st.pile and st.mode == COMPETITIVE:
            events.append(Event("pile.empty", {}))

    def _finish(self, st: State, events: list[Event]) -> None:
        st.phase = OVER
        st.drawn = None
        if st.hidden:  # R7.5, D9
            text = ", ".join(f"{geo.name(c)}={v}" for c, (v, _) in st.hidden.items())
            events.append(Event("reveal", {"firebreaks": text}))
        st.result = self._score(st)
        events.append(Event(st.result.kind, st.result.params))

    # -- scoring ---------------------------------------------------------------------------------------

    def colour_zones(self, st: State) -> list[list[Zone]]:
        return [zones(st.board, st.men, st.free, c, st.round_down) for c in range(4)]

    def scored_colours(self, st: State, seat: int) -> list[int]:
        """R8.4: reinforcements (the 4th colour, 3 players) score for nobody."""
        return st.own_cols[seat]

    def _score(self, st: State) -> Outcome:
        by_colour = self.colour_zones(st)
        zone_list = [
            {"colour": COLOURS[z.colour], "cells": [geo.name(c) for c in z.cells], "sum": z.total,
             "divisor": z.divisor, "value": z.value}
            for zs in by_colour for z in zs
        ]
        seats = range(st.players)
        if st.mode != COMPETITIVE:
            # R8.6: all men placed, one zone per colour, each with an open 1.
            report = []
            won = True
            for colour in range(4):
                unplaced = sum(st.supply[s][colour] for s in seats)
                one_zone = len(by_colour[colour]) == 1
                water = one_zone and by_colour[colour][0].has_open_one
                won = won and unplaced == 0 and one_zone and water
                report.append({"colour": COLOURS[colour], "unplaced": unplaced, "one_zone": one_zone,
                               "open_one": water})
            text = "; ".join(
                f"{r['colour']}: {r['unplaced']} unplaced, "
                f"{'one zone' if r['one_zone'] else 'not one zone'}, "
                f"{'open 1' if r['open_one'] else 'no open 1'}" for r in report)
            bilan = " ; ".join(
                f"{COULEURS[c].capitalize()} : {r['unplaced']} non placé{'s' if r['unplaced'] > 1 else ''}, "
                f"{'une seule zone' if r['one_zone'] else 'pas une seule zone'}, "
                f"{'un 1 ouvert' if r['open_one'] else 'aucun 1 ouvert'}" for c, r in enumerate(report))
            kind = f"outcome.{st.mode}_{'won' if won else 'lost'}"
            return Outcome(tuple(seats) if won else (), kind,
                           {"report": text, "bilan": bilan, "colours": report, "zones": zone_list}, None)
        scores = {}
        best = {}
        for seat in seats:
            values = [z.value for c in self.scored_colours(st, seat) for z in by_colour[c]]
            scores[seat] = sum(values)
            best[seat] = max(values, default=0)
        top = max(scores.values())
        tied = [s for s in seats if scores[s] == top]
        best_zone = max(best[s] for s in tied)  # R8.5 tie-break, then D12 shared win
        winners = tuple(s for s in tied if best[s] == best_zone)
        order = sorted(seats, key=lambda s: (-scores[s], -best[s], s))
        ranks = {}
        for s in order:
            ranks[s] = 1 + sum(1 for o in seats if (scores[o], best[o]) > (scores[s], best[s]))
        labels = [seat_label(st, s) for s in seats]
        noms = [seat_label(st, s, "fr") for s in seats]
        params = {
            "winners": ", ".join(labels[s] for s in winners),
            "scores": ", ".join(f"{labels[s]} {scores[s]}" for s in order),
            "gagnants": ", ".join(noms[s] for s in winners),
            "points": ", ".join(f"{noms[s]} {scores[s]}" for s in order),
            "ranks": {str(s): ranks[s] for s in seats},
            "zones": zone_list,
        }
        kind = "outcome.win" if len(winners) == 1 else "outcome.shared"
        return Outcome(winners, kind, params, scores)

    # -- public geometry helpers (tools, tests, renderer data) -------------------------------------------

    def heats(self, state: State) -> dict[str, int]:
        """R3.6: the heat of every frontier cell, by cell id."""
        return {geo.name(c): h for c, h in sorted(state.frontier.items(), key=lambda item: geo.sort_key(item[0]))}

    def free_accesses(self, state: State) -> dict[str, int]:
        """R3.7: free accesses of every tile (face up or firebreak), by cell id."""
        return {geo.name(c): n for c, n in state.free.items()}

    # -- contract --------------------------------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        if state.phase == OVER:
            return []
        return [state.current]

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def legal_moves(self, state: State, seat: int) -> list[str]:
        st = state
        if st.phase == OVER or seat != st.current:
            return []
        if st.phase == SETUP:
            values = sorted(st.setup_draws, reverse=True)
            pairs = []
            for i in range(4):
                for j in range(i + 1, 4):
                    pair = f"setup {values[j]} {values[i]}"
                    if pair not in pairs:
                        pairs.append(pair)
            return pairs  # highest pair first: the rulebook's default (R4.3)
        if st.phase == TILE:
            _, cells = st.hottest()
            moves = ["tile " + geo.name(c) for c in cells]
            if st.firebreak_allowed(seat):
                own = st.own_left(seat)
                for c in cells:
                    if len(own) > 1:
                        moves.extend(f"firebreak {geo.name(c)} {COLOURS[col]}" for col in own)
                    else:
                        moves.append("firebreak " + geo.name(c))
            return moves
        # Phase B
        supply = st.supply[seat]
        available = st.colours_left(seat)
        moves = []
        rooms = []
        for cell in st.men:
            room = st.room(cell)
            if room > 0:
                rooms.append((cell, room))
        for colour in available:
            suffix = " " + COLOURS[colour] if len(available) > 1 else ""
            left = supply[colour]
            for cell, room in rooms:
                top = min(3, room, left)
                cell_name = geo.name(cell)
                for n in range(top, 0, -1):
                    moves.append(f"men {n} {cell_name}{suffix}")
        moves.append("pass")
        return moves

    def play(self, state: State, seat: int, move: str) -> list[Event]:
        st = state
        if st.phase == OVER:
            raise IllegalMove("The game is over: no more moves.")
        if not isinstance(seat, int) or not 0 <= seat < st.players:
            raise IllegalMove(f"There is no seat {seat} in this game.")
        if seat != st.current:
            waiting = seat_label(st, st.current)
            raise IllegalMove(f"It is not your turn: {waiting} is to play.")
        if not isinstance(move, str) or not move.strip():
            raise IllegalMove("Empty move: type tile, firebreak, men or pass.")
        words = _canonical_tokens(move)
        verb = words[0]
        if verb == "setup":
            return self._play_setup(st, seat, words)
        if st.phase == SETUP:
            raise IllegalMove("First lay out the start tiles: choose the two middle values with setup a b.")
        if verb == "tile":
            return self._play_tile(st, seat, words)
        if verb == "firebreak":
            return self._play_firebreak(st, seat, words)
        if verb == "men":
            return self._play_men(st, seat, words)
        if verb == "pass":
            if len(words) > 1:
                raise IllegalMove("pass takes no argument.")
            if st.phase == TILE:
                raise IllegalMove("You cannot pass before placing the drawn tile: play tile <cell>.")
            events = [Event("pass", _who(st, seat))]
            st.last = {"kind": "pass"}
            self._next(st, True, events)
            return events
        raise IllegalMove(f"Unknown move {verb!r}: use tile, firebreak, men or pass.")

    # -- moves -----------------------------------------------------------------------------------------

    def _cell(self, text: str) -> int:
        cell = geo.parse(text)
        if cell is None:
            raise IllegalMove(f"{text!r} is not a cell: write it q,r, for example 2,-1.")
        return cell

    def _colour(self, text: str) -> int:
        colour = COLOUR_LETTERS.get(text)
        if colour is None:
            raise IllegalMove(f"{text!r} is not a colour: use green, blue, yellow or red.")
        return colour

    def _play_setup(self, st: State, seat: int, words: list[str]) -> list[Event]:
        if st.phase != SETUP:
            raise IllegalMove("The start tiles are already laid out.")
        if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
            raise IllegalMove("Write the two middle values, for example setup 6 6.")
        low, high = sorted(int(w) for w in words[1:])
        draws = list(st.setup_draws)
        ok = low in draws and high in draws and (low != high or draws.count(low) >= 2)
        if not ok:
            shown = ", ".join(str(v) for v in st.setup_draws)
            raise IllegalMove(f"The middles must be two of the drawn tiles {shown}.")
        self._lay_rhombus(st, low, high)
        events = [self._setup_event(st, seat, low, high)]
        st.last = {"kind": "setup"}
        self._start_turn(st, events)
        return events

    def _setup_event(self, st: State, seat: int, low: int, high: int) -> Event:
        return Event("setup", {**_who(st, seat), "low": low, "high": high,
                               "tiles": ", ".join(f"{geo.name(c)}={v}" for c, v in st.board.items())})

    def _check_hottest(self, st: State, words: list[str], verb: str) -> tuple[int, int]:
        if st.phase != TILE:
            raise IllegalMove("You have already placed this turn's tile: play men <n> <cell> or pass."
                              if st.drew else "The draw pile is empty: play men <n> <cell> or pass.")
        if len(words) < 2:
            raise IllegalMove(f"Say where: {verb} <cell>, for example {verb} 2,0.")
        cell = self._cell(words[1])
        top, cells = st.hottest()
        if cell not in cells:
            where = ", ".join(f"{geo.name(c)} ({top})" for c in cells)
            if cell in st.board:
                raise IllegalMove(f"{geo.name(cell)} already holds a tile; the hottest points are {where}.")
            heat = st.frontier.get(cell)
            if heat is None:
                raise IllegalMove(f"{geo.name(cell)} does not touch the forest; the hottest points are {where}.")
            raise IllegalMove(f"{geo.name(cell)} is not a hottest point (heat {heat}); "
                              f"the fire spreads to {where}.")
        return cell, top

    def _play_tile(self, st: State, seat: int, words: list[str]) -> list[Event]:
        if len(words) > 2:
            raise IllegalMove("tile takes one cell, for example tile 2,0.")
        cell, top = self._check_hottest(st, words, "tile")
        events: list[Event] = []
        self._tile(st, seat, cell, top, events, auto=False)
        if not st.has_men_move(seat):  # R5.3(a)
            events.append(Event("pass.auto", _who(st, seat)))
            self._next(st, True, events)
        return events

    def _play_firebreak(self, st: State, seat: int, words: list[str]) -> list[Event]:
        if not st.firebreaks:
            if st.mode != COMPETITIVE:
                raise IllegalMove("Firebreaks are not allowed in solo and cooperative games.")
            raise IllegalMove("Firebreaks are not used in this game (the firebreaks option is off).")
        if len(words) > 3:
            raise IllegalMove("Write firebreak <cell> [colour], for example firebreak 2,-1.")
        cell, _ = self._check_hottest(st, words, "firebreak")
        own = st.own_left(seat)
        if not own:
            raise IllegalMove("You have no men of your own colour left to sacrifice, so no firebreak.")
        if len(words) == 3:
            colour = self._colour(words[2])
            if colour not in st.own_cols[seat]:
                if colour in st.seat_cols[seat]:
                    raise IllegalMove("Reinforcements cannot be sacrificed for a firebreak.")
                raise IllegalMove(f"{COLOURS[colour].capitalize()} is not your colour.")
            if colour not in own:
                raise IllegalMove(f"You have no {COLOURS[colour]} men left to sacrifice.")
        elif len(own) > 1:
            names = " or ".join(f"firebreak {words[1]} {COLOURS[c]}" for c in own)
            raise IllegalMove(f"Say which colour's man you sacrifice: {names}.")
        else:
            colour = own[0]
        value = st.drawn
        assert value is not None
        st.place(cell, 0)  # R6.3: face down, counts 0
        st.hidden[cell] = [value, seat]
        st.drawn = None
        st.supply[seat][colour] -= 1
        st.sacrificed[seat][colour] += 1
        st.last = {"cell": geo.name(cell), "kind": "firebreak"}
        events = [
            Event("firebreak", {**_who(st, seat), "cell": geo.name(cell),
                                "colour": COLOURS[colour], "couleur": COULEURS[colour]}),
            Event("firebreak.private", {"cell": geo.name(cell), "value": value}, to=seat),
        ]
        if not st.pile:
            events.append(Event("pile.empty", {}))
        self._next(st, False, events)  # no Phase B (R5.2)
        return events

    def _play_men(self, st: State, seat: int, words: list[str]) -> list[Event]:
        if st.phase == TILE:
            raise IllegalMove("First place the drawn tile on a hottest point: tile <cell>.")
        if len(words) < 3 or len(words) > 4:
            raise IllegalMove("Write men <n> <cell> [colour], for example men 2 1,0.")
        if not words[1].isdigit():
            raise IllegalMove(f"{words[1]!r} is not a number of men: use 1, 2 or 3.")
        n = int(words[1])
        if not 1 <= n <= 3:
            raise IllegalMove("You may deploy 1 to 3 men in a turn.")
        cell = self._cell(words[2])
        available = st.colours_left(seat)
        mine = st.seat_cols[seat]
        if len(words) == 4:
            colour = self._colour(words[3])
            if colour not in mine:
                raise IllegalMove(f"{COLOURS[colour].capitalize()} is not one of your colours.")
        else:
            if len(available) > 1:
                names = " or ".join(COLOURS[c] for c in available)
                raise IllegalMove(f"You have men of several colours: add {names}, "
                                  f"for example men {n} {words[2]} {COLOURS[available[0]]}.")
            if not available:
                raise IllegalMove("You have no men left: pass.")
            colour = available[0]
        left = st.supply[seat][colour]
        if left < n:
            raise IllegalMove(f"You have only {left} {COLOURS[colour]} men left.")
        if cell not in st.board:
            raise IllegalMove(f"There is no tile at {geo.name(cell)}.")
        if cell in st.hidden:
            raise IllegalMove(f"{geo.name(cell)} is a firebreak: men cannot stand on it.")
        value = st.board[cell]
        there = sum(st.men[cell])
        slots = SLOTS[value]
        free = st.free[cell]
        if there + n > slots:
            raise IllegalMove(f"The {value} at {geo.name(cell)} has {slots} slot{'s' if slots > 1 else ''} "
                              f"and holds {there} m{'e' if there != 1 else 'a'}n: "
                              f"room for {max(0, min(slots, free) - there)} more.")
        if there + n > free:
            raise IllegalMove(f"The tile at {geo.name(cell)} has {free} free access{'es' if free != 1 else ''} "
                              f"and holds {there} m{'e' if there != 1 else 'a'}n: "
                              f"room for {max(0, min(slots, free) - there)} more.")
        st.men[cell][colour] += n
        st.supply[seat][colour] -= n
        st.last = {"cell": geo.name(cell), "kind": "men"}
        events = [Event("men", {**_who(st, seat), "n": n, "cell": geo.name(cell),
                                "colour": COLOURS[colour],
                                "firefighters": "firefighter" if n == 1 else "firefighters",
                                "couleur": COULEURS[colour] if n == 1 else COULEURS_PLURIEL[colour],
                                "hommes": "homme" if n == 1 else "hommes"})]
        self._next(st, False, events)
        return events

    # -- views -----------------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        st = state
        over = st.phase == OVER
        players = st.players
        tiles = []
        firebreaks = []
        for cell, shown in st.board.items():
            q, r = geo.coords(cell)
            if cell in st.hidden:
                value, placer = st.hidden[cell]
                entry = {"cell": geo.name(cell), "q": q, "r": r, "placer": placer, "free": st.free[cell]}
                if over or seat == placer:  # R7.2, R7.5
                    entry["value"] = value
                firebreaks.append(entry)
            else:
                tiles.append({"cell": geo.name(cell), "q": q, "r": r, "value": shown, "slots": SLOTS[shown],
                              "free": st.free[cell], "room": max(0, st.room(cell)),
                              "men": {COLOURS[c]: n for c, n in enumerate(st.men[cell]) if n}})
        hottest = []
        if st.frontier and (st.pile or st.phase == TILE):
            top, cells = st.hottest()
            hottest = [{"cell": geo.name(c), "q": geo.coords(c)[0], "r": geo.coords(c)[1], "heat": top}
                       for c in cells]
        face_up = [0] * 7
        for cell, shown in st.board.items():
            if cell not in st.hidden:
                face_up[shown] += 1
        by_colour = self.colour_zones(st)
        zone_view = [
            {"colour": COLOURS[z.colour], "cells": [geo.name(c) for c in z.cells], "sum": z.total,
             "divisor": z.divisor, "value": z.value, "open_one": z.has_open_one}
            for zs in by_colour for z in zs
        ]
        scored = {s: self.scored_colours(st, s) for s in range(players)}
        view: dict[str, Any] = {
            "game": self.id,
            "seats": [seat_label(st, s) for s in range(players)],
            "seat_colours": [[COLOURS[c] for c in st.seat_cols[s]] for s in range(players)],
            "own_colours": [[COLOURS[c] for c in st.own_cols[s]] for s in range(players)],
            "reinforcements": None if st.reinforcement_colour() is None else COLOURS[st.reinforcement_colour()],
            "to_move": self.to_move(st),
            "over": over,
            "outcome": st.result.dump() if st.result else None,
            "viewer": seat,
            "mode": st.mode,
            "firebreaks_rule": st.firebreaks,
            "rounding": "down" if st.round_down else "up",
            "phase": st.phase,
            "current": None if over else st.current,
            "turn": st.turn,
            "pile": len(st.pile),
            "passes": st.passes,
            "setup_draws": list(st.setup_draws) if st.phase == SETUP else [],
            "drawn": None,
            "drawn_hidden": False,
            "tiles": tiles,
            "firebreaks": firebreaks,
            "hottest": hottest,
            "unseen": {str(v): 6 - face_up[v] for v in range(1, 7)},  # R7.4
            "supply": [{COLOURS[c]: st.supply[s][c] for c in st.seat_cols[s]} for s in range(players)],
            "sacrificed": [sum(st.sacrificed[s]) for s in range(players)],
            "zones": zone_view,
            "colour_scores": {COLOURS[c]: sum(z.value for z in by_colour[c]) for c in range(4)},
            "scores": [sum(z.value for c in scored[s] for z in by_colour[c]) for s in range(players)],
            "last": dict(st.last),
        }
        if st.drawn is not None:
            if not st.firebreaks or seat == st.current:  # R7.2
                view["drawn"] = st.drawn
            else:
                view["drawn_hidden"] = True
        return view

    # -- persistence -----------------------------------------------------------------------------------

    def dump(self, state: State) -> dict:
        st = state
        tiles = []
        for cell, shown in st.board.items():
            q, r = geo.coords(cell)
            if cell in st.hidden:
                value, placer = st.hidden[cell]
                tiles.append([q, r, 0, value, placer])
            else:
                tiles.append([q, r, shown, st.men[cell][:]])
        return {
            "players": st.players, "colours": st.order, "mode": st.mode, "firebreaks": st.firebreaks,
            "round_down": st.round_down, "auto_forced": st.auto_forced, "rng": st.rng.dump(),
            "pile": list(st.pile), "tiles": tiles,
            "supply": [s[:] for s in st.supply], "sacrificed": [s[:] for s in st.sacrificed],
            "phase": st.phase, "current": st.current, "drawn": st.drawn, "drew": st.drew,
            "passes": st.passes, "turn": st.turn, "setup_draws": list(st.setup_draws),
            "last": dict(st.last), "result": st.result.dump() if st.result else None,
            "opening": [dict(e) for e in st.opening],
        }

    def load(self, data: dict) -> State:
        st = State()
        st.players = int(data["players"])
        st.set_colours(data.get("colours") or DEFAULT_ORDER)
        st.mode = data["mode"]
        st.firebreaks = bool(data["firebreaks"])
        st.round_down = bool(data["round_down"])
        st.auto_forced = bool(data["auto_forced"])
        st.rng = Rng.load(data["rng"])
        st.pile = list(data["pile"])
        for entry in data["tiles"]:
            cell = geo.key(entry[0], entry[1])
            if len(entry) == 5:
                st.place(cell, 0)
                st.hidden[cell] = [entry[3], entry[4]]
            else:
                st.place(cell, entry[2])
                st.men[cell] = list(entry[3])
        st.supply = [list(s) for s in data["supply"]]
        st.sacrificed = [list(s) for s in data["sacrificed"]]
        st.phase = data["phase"]
        st.current = int(data["current"])
        st.drawn = data["drawn"]
        st.drew = bool(data["drew"])
        st.passes = int(data["passes"])
        st.turn = int(data["turn"])
        st.setup_draws = list(data["setup_draws"])
        st.last = dict(data.get("last") or {})
        st.result = Outcome.load(data["result"]) if data.get("result") else None
        st.opening = [dict(e) for e in data.get("opening") or []]
        return st
