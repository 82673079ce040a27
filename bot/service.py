"""The table service: the one place that joins engines, pictures and storage.

Discord-agnostic: it speaks of tables, seats and user ids. Every call returns a `Reply` (public text and
board image, private messages per user, whom to ping) that an adapter — Discord or the terminal —
delivers. Every refusal is a `ServiceError` whose message can be shown to the user as it is; a refused
call changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import engines
import render
from db.base import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    Conflict,
    CorruptRow,
    MoveRow,
    SeatRow,
    Store,
    TableRow,
)
from engines.core import (
    Engine,
    Event,
    IllegalMove,
    InvalidOption,
    Option,
    Outcome,
    Rng,
    event_text,
    resolve_options,
)
from engines.players import PlayoutPlayer, RandomPlayer

log = logging.getLogger(__name__)

DEFAULT_REMINDER_HOURS = 24.0
# Languages every game's texts and boards come in (engines/<id>/messages/<locale>.json, renderer labels).
LOCALES = {"en": "English", "fr": "français"}
AI_KINDS = {"random": RandomPlayer, "playout": PlayoutPlayer}
# A safety net: an AI-only stretch of a game longer than this is a bug in an engine, not a game.
MAX_AI_MOVES = 20_000


# --- errors -----------------------------------------------------------------------------------------


class ServiceError(Exception):
    """A refusal; the message is meant for the user who asked."""


class NotFound(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class BadInput(ServiceError):
    pass


class MovedOn(ServiceError):
    pass


class Damaged(ServiceError):
    """A stored game can't be read back."""


# --- replies ----------------------------------------------------------------------------------------


@dataclass
class Private:
    user_id: int
    text: str
    image: bytes | None = None


@dataclass
class LobbyInfo:
    host_id: int
    seats: list[str]                 # display names in seat order ("Random AI 1" for AI seats)
    min_players: int
    max_players: int
    can_start: bool
    options_text: str


@dataclass
class Reply:
    table_id: int
    game: str
    title: str
    text: str = ""
    image: bytes | None = None
    private: list[Private] = field(default_factory=list)
    mention: list[int] = field(default_factory=list)
    status: str = LOBBY
    result: str | None = None
    thread_id: int | None = None
    lobby: LobbyInfo | None = None
    # With TableService(board_every_move=True): each move's text and board, AI moves included.
    steps: list[tuple[str, bytes]] = field(default_factory=list)


@dataclass
class Reminder:
    table_id: int
    thread_id: int | None
    user_ids: list[int]
    text: str


@dataclass
class TableInfo:
    """What a table is, read without loading or drawing its game."""
    table_id: int
    game: str
    title: str
    status: str
    thread_id: int | None
    players: dict[int, str]        # user id -> display name, human seats only
    result: str | None             # the result sentence once finished

    @property
    def over(self) -> bool:
        return self.status in (FINISHED, ABANDONED)


@dataclass
class TableSummary:
    table_id: int
    title: str
    game: str
    thread_id: int | None
    status: str
    your_turn: bool


# --- module helpers -----------------------------------------------------------------------------------


def game_choices() -> list[tuple[str, str]]:
    """(id, title) of every registered game, in menu order."""
    return [(engine.id, engine.title) for engine in engines.ALL.values()]


def game_options(game: str) -> list[Option]:
    """The options a user may set for a game (hidden test options left out)."""
    return [opt for opt in _engine(game).options if not opt.hidden]


def normalise_move(move: str) -> str:
    """Moves are lowercase, single-spaced: `  Grow   7 ` -> `grow 7`."""
    return " ".join(move.lower().split())


def _engine(game: str) -> Engine:
    try:
        return engines.get(game)
    except KeyError as err:
        raise BadInput(err.args[0]) from None


_RULES_SECTION = re.compile(r"^##\s+(.+?)\s*$", re.MULTILINE)


@lru_cache(maxsize=16)
def _rules_sections(game: str) -> dict[str, str]:
    path = Path(engines.__file__).parent / game / "rules.md"
    if not path.exists():
        return {}
    source = path.read_text(encoding="utf-8")
    marks = list(_RULES_SECTION.finditer(source))
    sections = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(source)
        sections[mark.group(1).strip().lower()] = source[mark.end():end].strip()
    return sections


def rules_topics(game: str) -> list[str]:
    return list(_rules_sections(game))


# --- the service --------------------------------------------------------------------------------------


class TableService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time, locale: str = "en",
                 board_every_move: bool = False):
        self.store = store
        self.clock = clock
        self.locale = locale
        # Discord posts one board per human move (AI replies included); the terminal wants every step.
        self.board_every_move = board_every_move

    # -- reading tables -------------------------------------------------------------------------------

    async def _table(self, table_id: int) -> TableRow:
        try:
            table = await self.store.get_table(int(table_id))
        except CorruptRow as err:
            raise Damaged(f"Game #{table_id} can't be read back ({err}); nothing was changed.") from None
        if table is None:
            raise NotFound(f"There is no game #{table_id}.")
        return table

    def _info(self, table: TableRow) -> TableInfo:
        result = self._result_text(table, Outcome.load(table.result)) if table.result else None
        return TableInfo(table.id, table.game, self._title(table), table.status, table.thread_id,
                         {s.user_id: s.name for s in table.seats if s.user_id is not None}, result)

    async def info(self, table_id: int) -> TableInfo:
        return self._info(await self._table(table_id))

    async def info_for_thread(self, thread_id: int) -> TableInfo | None:
        table = await self.store.table_by_thread(int(thread_id))
        return None if table is None else self._info(table)

    async def table_for_thread(self, thread_id: int) -> int | None:
        table = await self.store.table_by_thread(int(thread_id))
        return None if table is None else table.id

    def _state(self, engine: Engine, table: TableRow) -> Any:
        if table.state is None:
            raise Damaged(f"Game #{table.id} has no saved position; nothing was changed.")
        try:
            return engine.load(table.state)
        except Exception as err:  # a corrupt row must never crash a caller
            log.exception("table %s: state can't be loaded", table.id)
            raise Damaged(f"Game #{table.id}'s saved position is damaged ({type(err).__name__}); nothing was changed.") from None

    def _title(self, table: TableRow) -> str:
        return f"{_engine(table.game).title} #{table.id}"

    def _locale(self, table: TableRow) -> str:
        return table.settings.get("locale", self.locale)

    def _say(self, table: TableRow, key: str, **params: Any) -> str:
        """One of the service's own sentences (bot/messages/<locale>.json) in the table's language."""
        return _service_text(self._locale(table), key).format(**params)

    @staticmethod
    def _names(table: TableRow) -> dict[int, str]:
        return {s.seat: s.name for s in table.seats}

    @staticmethod
    def _owner(table: TableRow, seat: int) -> int | None:
        for s in table.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def _users(self, table: TableRow, seats) -> list[int]:
        """The human owners of these seats, each once (one person may hold several seats)."""
        return list(dict.fromkeys(u for u in (self._owner(table, s) for s in seats) if u is not None))

    def _reply(self, table: TableRow, **kwargs) -> Reply:
        reply = Reply(table.id, table.game, self._title(table), status=table.status, thread_id=table.thread_id,
                      **kwargs)
        if table.status == LOBBY:
            reply.lobby = self._lobby(table)
        return reply

    def _lobby(self, table: TableRow) -> LobbyInfo:
        engine = _engine(table.game)
        shown = [opt for opt in engine.options if not opt.hidden]
        options_text = ", ".join(f"{opt.name}={_show(table.options.get(opt.name, opt.default))}" for opt in shown)
        return LobbyInfo(
            host_id=table.host_id,
            seats=[s.name for s in table.seats],
            min_players=min(engine.seats),
            max_players=max(engine.seats),
            can_start=len(table.seats) in engine.seats,
            options_text=options_text,
        )

    # -- lobby ------------------------------------------------------------------------------------------

    async def create(
        self,
        game: str,
        host_id: int,
        host_name: str,
        options: Mapping[str, Any] | None = None,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
        settings: Mapping[str, Any] | None = None,
        seat_host: bool = True,
        allow_hidden: bool = False,
    ) -> Reply:
        """Open a lobby. The host takes the first seat unless `seat_host` is False (an all-AI game).
        Test-only options (`stack`: fixed dice or cards) are refused unless `allow_hidden`."""
        engine = _engine(game)
        hidden = ({opt.name for opt in engine.options if opt.hidden} | {"stack"}) & set(options or {})
        if hidden and not allow_hidden:
            shown = ", ".join(opt.name for opt in engine.options if not opt.hidden) or "none"
            raise BadInput(f"Option {sorted(hidden)[0]!r} is for tests only (it fixes the dice or the cards); "
                           f"{engine.title}'s options are: {shown}.")
        try:
            resolved = resolve_options(engine, options)
        except InvalidOption as err:
            raise BadInput(str(err)) from None
        now = self.clock()
        table = await self.store.create_table(
            game=engine.id,
            host_id=host_id,
            options=resolved,
            seed=secrets.randbits(63) if seed is None else int(seed),
            now=now,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            settings={"reminder_hours": DEFAULT_REMINDER_HOURS, "locale": self.locale, **dict(settings or {})},
        )
        if seat_host:
            table = await self._save(table, seats=[SeatRow(0, host_id, host_name)])
        return self._reply(table, text=f"{host_name} opened {self._title(table)}. Join to play!")

    async def set_thread(self, table_id: int, thread_id: int) -> None:
        table = await self._table(table_id)
        table.thread_id = int(thread_id)
        await self._save(table)

    async def join(self, table_id: int, user_id: int, name: str, *, extra_seat: bool = False) -> Reply:
        """Take a seat. In a cooperative game (`engine.cooperative`) a seated player may take another
        seat with `extra_seat` (one person playing two firefighters, as the table agrees)."""
        table = await self._table(table_id)
        engine = _engine(table.game)
        if table.status in (FINISHED, ABANDONED):
            raise NotAllowed(f"{self._title(table)} is over ({table.status}).")
        if table.status != LOBBY:
            raise NotAllowed(f"{self._title(table)} has already started; you can watch the thread.")
        seated = any(s.user_id == user_id for s in table.seats)
        if extra_seat and not getattr(engine, "cooperative", False):
            raise NotAllowed(f"Only cooperative games let one player hold several seats; {engine.title} is not one.")
        if seated and not extra_seat:
            hint = " To play one more seat in this cooperative game, join with extra:true." \
                if getattr(engine, "cooperative", False) else ""
            raise BadInput(f"You are already seated in {self._title(table)}.{hint}")
        if len(table.seats) >= max(engine.seats):
            raise NotAllowed(f"{self._title(table)} is full ({max(engine.seats)} players).")
        seats = [*table.seats, SeatRow(len(table.seats), user_id, name)]
        table = await self._save(table, seats=seats)
        more = " (another seat)" if seated else ""
        return self._reply(table, text=f"{name} joined {self._title(table)}{more}.")

    async def leave(self, table_id: int, user_id: int) -> Reply:
        table = await self._table(table_id)
        if table.status != LOBBY:
            raise NotAllowed("The game has started: seats can't be left now (the host can abandon the game).")
        mine = [s for s in table.seats if s.user_id == user_id]
        if not mine:
            raise NotAllowed(f"You have no seat in {self._title(table)}.")
        if user_id == table.host_id:
            raise NotAllowed("The host can't leave their own lobby; abandon the game instead.")
        rest = [s for s in table.seats if s.user_id != user_id]
        seats = [SeatRow(i, s.user_id, s.name, s.ai, s.dm_closed) for i, s in enumerate(rest)]
        table = await self._save(table, seats=seats)
        return self._reply(table, text=f"{mine[0].name} left {self._title(table)}.")

    async def add_ai(self, table_id: int, user_id: int, kind: str = "auto") -> Reply:
        """Seat a computer player. "auto" is the strongest the game allows: the playout player where it
        can play fair (no hidden information but dice), else the random player."""
        table = await self._table(table_id)
        engine = _engine(table.game)
        if kind == "auto":
            kind = "playout" if PlayoutPlayer.can_play(engine) else "random"
        if kind == "playout" and not PlayoutPlayer.can_play(engine):
            raise BadInput(f"The playout AI would see hidden information in {engine.title}; use the random AI.")
        if kind not in AI_KINDS:
            raise BadInput(f"Unknown AI {kind!r}; available: {', '.join(AI_KINDS)}.")
        if table.status != LOBBY:
            raise NotAllowed("AI players can only be added before the game starts.")
        if user_id != table.host_id:
            raise NotAllowed("Only the host can add AI players.")
        if len(table.seats) >= max(engine.seats):
            raise NotAllowed(f"{self._title(table)} is full ({max(engine.seats)} players).")
        count = sum(1 for s in table.seats if s.is_ai) + 1
        name = f"{kind.capitalize()} AI {count}"
        table = await self._save(table, seats=[*table.seats, SeatRow(len(table.seats), None, name, ai=kind)])
        return self._reply(table, text=f"{name} takes a seat.")

    async def start(self, table_id: int, user_id: int) -> Reply:
        table = await self._table(table_id)
        engine = _engine(table.game)
        if table.status != LOBBY:
            raise NotAllowed(f"{self._title(table)} has already started.")
        if user_id != table.host_id:
            raise NotAllowed("Only the host can start the game.")
        if len(table.seats) not in engine.seats:
            lo, hi = min(engine.seats), max(engine.seats)
            need = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise NotAllowed(f"{engine.title} needs {need} players; {len(table.seats)} seated.")
        state = engine.setup(len(table.seats), table.options, table.seed)
        table.status = ACTIVE
        players = ", ".join(self._say(table, "plays", name=s.name, role=label)
                            for s, label in zip(table.seats, _labels(engine, state), strict=False))
        lines = [self._say(table, "begins", title=self._title(table), players=players)]
        # What setup itself did (a first draw, a forced opening tile): an engine may report it as events,
        # public ones said in the thread and private ones sent to their seat like any move's.
        opening = list(getattr(engine, "opening_events", lambda _state: [])(state))
        locale = self._locale(table)
        lines += [event_text(table.game, e.kind, e.params, locale) for e in opening if e.to is None]
        return await self._advance(table, engine, state, [], lines, first_private=True,
                                   opening=[e for e in opening if e.to is not None])

    # -- playing ------------------------------------------------------------------------------------------

    async def legal_moves(self, table_id: int, user_id: int) -> list[str]:
        table = await self._table(table_id)
        if table.status != ACTIVE:
            return []
        engine = _engine(table.game)
        state = self._state(engine, table)
        seat = self._seat_to_move(table, engine, state, user_id, quiet=True)
        return [] if seat is None else engine.legal_moves(state, seat)

    def _seat_to_move(self, table: TableRow, engine: Engine, state: Any, user_id: int, quiet: bool = False):
        mine = [s.seat for s in table.seats if s.user_id == user_id]
        waiting = engine.to_move(state)
        for seat in waiting:
            if seat in mine:
                return seat
        if quiet:
            return None
        if not mine:
            raise NotAllowed(f"You are not playing in {self._title(table)}.")
        names = self._names(table)
        who = ", ".join(names.get(s, f"seat {s + 1}") for s in waiting) or "nobody"
        raise NotAllowed(f"It's not your turn: waiting for {who}.")

    async def act(self, table_id: int, user_id: int, move: str) -> Reply:
        table = await self._table(table_id)
        engine = _engine(table.game)
        if table.status == LOBBY:
            raise NotAllowed(f"{self._title(table)} hasn't started yet.")
        if table.status != ACTIVE:
            raise NotAllowed(f"{self._title(table)} is over ({table.status}).")
        state = self._state(engine, table)
        seat = self._seat_to_move(table, engine, state, user_id)
        text = normalise_move(move)
        if not text:
            raise BadInput("Type a move; /hand lists yours.")
        try:
            events = engine.play(state, seat, text)
        except IllegalMove as err:
            raise BadInput(f"`{text}`: {err.reason}") from None
        n = table.version  # only used to seed AI choices reproducibly
        moves = self._log_rows(engine, table, seat, user_id, text, events)
        lines = [self._move_line(table, engine, _labels(engine, state), seat, text, events)]
        return await self._advance(table, engine, state, moves, lines, ai_salt=n)

    def _move_row(self, table: TableRow, seat: int, user_id: int | None, move: str, events: list[Event]) -> MoveRow:
        return MoveRow(0, seat, user_id, move, [e.dump() for e in events], self.clock())

    def _log_rows(self, engine: Engine, table: TableRow, seat: int, user_id: int | None, move: str,
                  events: list[Event]) -> list[MoveRow]:
        """The log rows for one played move. A game may record a shortcut as its step-by-step moves
        (`engine.log_form`, e.g. Forest Fire's R11.1): the first row carries the events, and replaying the
        rows one by one gives the same game."""
        log_form = getattr(engine, "log_form", None)
        forms = (log_form(move, events) if log_form else None) or [move]
        rows = [self._move_row(table, seat, user_id, forms[0], events)]
        for step, form in enumerate(forms[1:], start=1):
            row = self._move_row(table, seat, user_id, form, [])
            row.step = step
            rows.append(row)
        return rows

    def _move_line(self, table: TableRow, engine: Engine, labels: list[str], seat: int, move: str,
                   events: list[Event]) -> str:
        name = self._names(table).get(seat, f"seat {seat + 1}")
        label = labels[seat] if seat < len(labels) else ""
        who = f"**{name}**" + (f" ({label})" if label and label != name else "")
        locale = self._locale(table)
        said = [event_text(table.game, e.kind, e.params, locale) for e in events if e.to is None]
        return f"{who}: `{_public(engine, move)}`" + ("".join(f"\n  {line}" for line in said if line))

    async def _advance(self, table: TableRow, engine: Engine, state: Any, moves: list[MoveRow], lines: list[str],
                       *, ai_salt: int = 0, first_private: bool = False, opening: list[Event] = ()) -> Reply:
        """Let AI seats move until a human is to move (or the game ends), save, and build the Reply."""
        ai_seats = {s.seat: AI_KINDS[s.ai]() for s in table.seats if s.is_ai}
        rng = Rng(table.seed ^ (0x5DEECE66D * (ai_salt + 1)))
        ai_moves = 0
        private_events: list[Event] = list(opening)
        private_events += [ev for m in moves for ev in map(Event.load, m.events) if ev.to is not None]
        steps: list[tuple[str, bytes]] = []
        labels = _labels(engine, state)  # seat roles/colours are settled at setup
        if self.board_every_move:
            steps.append(("\n".join(lines), await self._board_png(table, engine, state)))
        while engine.outcome(state) is None:
            # AI seats that are awaited move now, even while a human is awaited too (simultaneous turns).
            waiting = [s for s in engine.to_move(state) if s in ai_seats]
            if not waiting:
                break
            seat = waiting[0]
            player = ai_seats[seat]
            if isinstance(player, RandomPlayer):
                choice = player.choose(engine, state, seat, rng)
            else:  # thinking takes a while: off the event loop, so the bot keeps answering meanwhile
                choice = await asyncio.to_thread(player.choose, engine, state, seat, rng)
            events = engine.play(state, seat, choice)
            moves += self._log_rows(engine, table, seat, None, choice, events)
            lines.append(self._move_line(table, engine, labels, seat, choice, events))
            if self.board_every_move:
                steps.append((lines[-1], await self._board_png(table, engine, state)))
            private_events.extend(e for e in events if e.to is not None)
            ai_moves += 1
            if ai_moves > MAX_AI_MOVES:
                raise RuntimeError(f"{table.game}: AI seats made {MAX_AI_MOVES} moves in a row")
        outcome = engine.outcome(state)
        before = _to_move_of(table)
        table.state = engine.dump(state)
        result_text = None
        now = self.clock()
        if outcome is not None:
            table.status = FINISHED
            table.result = outcome.dump()
            result_text = self._result_text(table, outcome)
            lines.append(f"🏁 {result_text}")
        waiting = engine.to_move(state)
        if outcome is None and before != waiting:
            table.turn_started_at = now
            table.reminded_at = None
        elif table.turn_started_at is None:
            table.turn_started_at = now
        table.settings = {**table.settings, "to_move": waiting}
        table = await self._save(table, moves=moves)
        mention = [] if outcome else self._users(table, waiting)
        private = await self._private_messages(table, engine, state, private_events, always=first_private)
        image = await self._board_png(table, engine, state)
        if mention:
            names = self._names(table)
            lines.append(self._say(table, "next", names=", ".join(names.get(s, f"seat {s + 1}") for s in waiting)))
        return self._reply(table, text="\n".join(lines), image=image, private=private, mention=mention,
                           result=result_text, steps=steps)

    async def _private_messages(self, table: TableRow, engine: Engine, state: Any, events: list[Event],
                                always: bool = False) -> list[Private]:
        """Private events go to their seats' owners, with a picture of that seat's own view when it shows
        more than the public board; at the start (`always`), every seat with secrets gets its view."""
        locale = self._locale(table)
        texts: dict[int, list[str]] = {}
        for event in events:
            owner = self._owner(table, event.to)
            if owner is not None:
                texts.setdefault(owner, []).append(event_text(table.game, event.kind, event.params, locale))
        public = _comparable(engine.view(state, None))
        result = []
        for s in table.seats:
            if s.user_id is None or (s.user_id not in texts and not always):
                continue
            secret = _comparable(engine.view(state, s.seat)) != public
            said = texts.pop(s.user_id, [])
            if not said and not secret:
                continue
            text = f"{self._title(table)}: " + ("\n".join(said) if said else "your private view.")
            image = await self._board_png(table, engine, state, s.seat) if secret else None
            result.append(Private(s.user_id, text, image))
        return result

    async def _board_png(self, table: TableRow, engine: Engine, state: Any, seat: int | None = None) -> bytes:
        view = engine.view(state, seat)
        view["names"] = {str(k): v for k, v in self._names(table).items()}
        view["title"] = self._title(table)
        return await asyncio.to_thread(render.board, table.game, view, self._locale(table))

    def _result_text(self, table: TableRow, outcome: Outcome) -> str:
        names = self._names(table)
        params = dict(outcome.params)
        params.setdefault("winners", ", ".join(names.get(s, f"seat {s + 1}") for s in outcome.winners) or "nobody")
        text = event_text(table.game, outcome.kind, params, self._locale(table))
        if outcome.scores:
            scores = ", ".join(f"{names.get(s, f'seat {s + 1}')} {_show(v)}" for s, v in sorted(outcome.scores.items()))
            text += " " + self._say(table, "scores", scores=scores)
        return text

    async def _save(self, table: TableRow, *, seats=None, moves: list[MoveRow] = ()) -> TableRow:
        if moves:
            last = await self.store.moves(table.id, limit=1, include_undone=True)
            n = last[-1].n if last else 0
            for i, row in enumerate(moves, start=1):
                row.n = n + i
        try:
            return await self.store.save(table, now=self.clock(), seats=seats, moves=moves)
        except Conflict:
            raise MovedOn("The game moved on: someone else's action was saved first. Here is the current board.") from None

    async def undo(self, table_id: int, user_id: int) -> Reply:
        """Take back the latest human move (and the AI replies that followed it), if it is the caller's.

        The position is rebuilt by replaying the log from the seed, so it is exactly the one before the
        move. A move can't be taken back when it told its player something private (a drawn tile, dealt
        cards), brought a hidden thing to light (`engine.revealing_events`: a POI flipped, an event card
        turned) or used luck (the game's Rng, kept under the dump's "rng", moved on). The thread is told
        about every undo."""
        table = await self._table(table_id)
        engine = _engine(table.game)
        if table.status != ACTIVE:
            raise NotAllowed(f"{self._title(table)} is not in play ({table.status}): nothing to undo.")
        if not any(s.user_id == user_id for s in table.seats):
            raise NotAllowed(f"You are not playing in {self._title(table)}.")
        rows = await self.store.moves(table.id)
        humans = [i for i, row in enumerate(rows) if row.user_id is not None and row.step == 0]
        if not humans:
            raise NotAllowed("No move has been played yet: nothing to undo.")
        first = humans[-1]
        if rows[first].user_id != user_id:
            name = self._names(table).get(rows[first].seat, "another player")
            raise NotAllowed(f"Only {name}, who played the last move (`{rows[first].move}`), can undo it.")
        taken = rows[first:]
        shown = _public(engine, rows[first].move)
        if any(event.get("to") is not None for row in taken for event in row.events):
            raise NotAllowed(f"`{shown}` told you something private, so it can't be taken back.")
        revealing = getattr(engine, "revealing_events", frozenset())
        if any(event.get("kind") in revealing for row in taken for event in row.events):
            raise NotAllowed(f"`{shown}` brought hidden information to light, so it can't be taken back.")
        try:
            state = engine.setup(len(table.seats), table.options, table.seed)
            for row in rows[:first]:
                engine.play(state, row.seat, row.move)
        except Exception as err:  # a log that no longer replays is damage, not a user error
            log.exception("table %s: the move log does not replay", table.id)
            raise Damaged(f"Game #{table.id}'s move log can't be replayed ({type(err).__name__}); nothing was changed.") from None
        if engine.dump(state).get("rng") != (table.state or {}).get("rng"):
            # Dice were rolled or a shuffled pile was drawn from: taking it back would let the player
            # see the luck first and then choose.
            raise NotAllowed(f"`{shown}` (or a reply to it) rolled dice or drew from the pile, so it can't be taken back.")
        waiting = engine.to_move(state)
        table.state = engine.dump(state)
        table.settings = {**table.settings, "to_move": waiting}
        table.turn_started_at, table.reminded_at = self.clock(), None
        try:
            table = await self.store.save(table, now=self.clock(), undo=len(taken))
        except Conflict:
            raise MovedOn("The game moved on: someone else's action was saved first. Here is the current board.") from None
        names = self._names(table)
        said = ", ".join(f"`{_public(engine, row.move)}`" for row in taken if row.step == 0)
        text = (self._say(table, "took_back", name=names.get(rows[first].seat, "?"), moves=said) + "\n"
                + self._say(table, "next", names=", ".join(names.get(s, f"seat {s + 1}") for s in waiting)))
        mention = self._users(table, waiting)
        return self._reply(table, text=text, image=await self._board_png(table, engine, state), mention=mention)

    # -- looking --------------------------------------------------------------------------------------------

    async def board(self, table_id: int) -> Reply:
        table = await self._table(table_id)
        engine = _engine(table.game)
        if table.status == LOBBY:
            return self._reply(table, text=f"{self._title(table)} is waiting for players.")
        state = self._state(engine, table)
        waiting = engine.to_move(state)
        names = self._names(table)
        if table.result:
            text = self._result_text(table, Outcome.load(table.result))
        elif table.status == ABANDONED:
            text = self._say(table, "abandoned", title=self._title(table))
        else:
            text = self._say(table, "waiting", names=", ".join(names.get(s, f"seat {s + 1}") for s in waiting))
        image = await self._board_png(table, engine, state)
        return self._reply(table, text=text, image=image)

    async def private(self, table_id: int, user_id: int) -> Reply:
        table = await self._table(table_id)
        engine = _engine(table.game)
        mine = [s.seat for s in table.seats if s.user_id == user_id]
        if not mine:
            raise NotAllowed(f"You are not playing in {self._title(table)}.")
        if table.status == LOBBY:
            return self._reply(table, private=[Private(user_id, f"{self._title(table)} hasn't started yet.")])
        state = self._state(engine, table)
        private = []
        labels = _labels(engine, state)
        for seat in mine:
            moves = engine.legal_moves(state, seat)
            if moves:
                shown = ", ".join(f"`{m}`" for m in moves[:40]) + (f" … and {len(moves) - 40} more" if len(moves) > 40 else "")
                text = f"{self._title(table)} — you play {labels[seat]}. Your moves: {shown}"
            elif table.status != ACTIVE:
                text = f"{self._title(table)} is over ({table.status}) — you played {labels[seat]}."
            else:
                text = f"{self._title(table)} — you play {labels[seat]}. It's not your turn."
            private.append(Private(user_id, text, await self._board_png(table, engine, state, seat)))
        return self._reply(table, private=private)

    async def log(self, table_id: int, count: int = 10) -> list[str]:
        table = await self._table(table_id)
        count = max(1, min(int(count), 50))
        names = self._names(table)
        engine = _engine(table.game)
        rows = await self.store.moves(table.id, limit=count)
        return [f"{row.n}. {names.get(row.seat, f'seat {row.seat + 1}')}: {_public(engine, row.move)}" for row in rows]

    async def rules(self, game: str, topic: str | None = None) -> str:
        engine = _engine(game)
        sections = _rules_sections(engine.id)
        if not sections:
            return f"{engine.title}: no rules summary yet."
        if topic is None:
            key = next(iter(sections))
        else:
            key = topic.strip().lower()
            if key not in sections:
                raise BadInput(f"No rules topic {topic!r} for {engine.title}; topics: {', '.join(sections)}.")
        return f"**{engine.title} — {key}**\n{sections[key]}"

    async def games_for(self, user_id: int, guild_id: int | None = None) -> list[TableSummary]:
        tables = await self.store.list_tables(status=(LOBBY, ACTIVE), user_id=user_id, guild_id=guild_id)
        summaries = []
        for table in tables:
            waiting = table.settings.get("to_move", []) if table.status == ACTIVE else []
            your_turn = any(self._owner(table, s) == user_id for s in waiting)
            summaries.append(TableSummary(table.id, self._title(table), table.game, table.thread_id, table.status,
                                          your_turn))
        return summaries

    # -- housekeeping ---------------------------------------------------------------------------------------

    async def abandon(self, table_id: int, user_id: int, *, moderator: bool = False) -> Reply:
        table = await self._table(table_id)
        if table.status in (FINISHED, ABANDONED):
            raise NotAllowed(f"{self._title(table)} is already over.")
        if user_id != table.host_id and not moderator:
            raise NotAllowed("Only the host (or a moderator) can abandon the game.")
        table.status = ABANDONED
        table = await self._save(table)
        return self._reply(table, text=self._say(table, "abandoned", title=self._title(table)))

    async def thread_deleted(self, thread_id: int) -> None:
        table = await self.store.table_by_thread(int(thread_id))
        if table is None or table.status in (FINISHED, ABANDONED):
            return
        table.status = ABANDONED
        try:
            await self._save(table)
        except MovedOn:
            await self.thread_deleted(thread_id)

    async def settings(self, table_id: int, user_id: int, *, reminder_hours: float | None = None,
                       locale: str | None = None) -> Reply:
        table = await self._table(table_id)
        if user_id != table.host_id:
            raise NotAllowed("Only the host can change the game's settings.")
        if locale is not None:
            locale = locale.strip().lower()
            if locale not in LOCALES:
                raise BadInput(f"Language {locale!r} is not available; choose one of: {', '.join(LOCALES)}.")
            table.settings = {**table.settings, "locale": locale}
        if reminder_hours is not None:
            hours = float(reminder_hours)
            if not 0 <= hours <= 24 * 14:
                raise BadInput("Reminder interval: give a number of hours from 0 (off) to 336 (two weeks).")
            table.settings = {**table.settings, "reminder_hours": hours}
        table = await self._save(table)
        hours = table.settings.get("reminder_hours", DEFAULT_REMINDER_HOURS)
        said = "off" if not hours else f"every {_show(hours)} h"
        language = LOCALES.get(self._locale(table), self._locale(table))
        return self._reply(table, text=f"{self._title(table)}: reminders {said}; texts and boards in {language}.")

    async def mark_dm(self, table_id: int, user_id: int, closed: bool) -> bool:
        """Record whether DMs reach this user; True when that changed (so the adapter tells them once)."""
        table = await self._table(table_id)
        if not any(s.user_id == user_id and s.dm_closed != closed for s in table.seats):
            return False
        seats = [SeatRow(s.seat, s.user_id, s.name, s.ai, closed if s.user_id == user_id else s.dm_closed)
                 for s in table.seats]
        try:
            await self._save(table, seats=seats)
        except MovedOn:
            return await self.mark_dm(table_id, user_id, closed)
        return True

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        """Reminders owed now (at most one per interval per turn); each is recorded as sent."""
        now = self.clock() if now is None else now
        due = []
        for table in await self.store.list_tables(status=ACTIVE):
            hours = float(table.settings.get("reminder_hours", DEFAULT_REMINDER_HOURS) or 0)
            if hours <= 0 or table.turn_started_at is None:
                continue
            since = max(table.turn_started_at, table.reminded_at or 0.0)
            if now - since < hours * 3600:
                continue
            users = self._users(table, table.settings.get("to_move", []))
            if not users:
                continue
            table.reminded_at = now
            try:
                table = await self._save(table)
            except MovedOn:
                continue  # a move just landed; the new turn has its own clock
            waited = _show(round((now - table.turn_started_at) / 3600, 1))
            due.append(Reminder(table.id, table.thread_id, users,
                                self._say(table, "reminder", title=self._title(table), hours=waited)))
        return due


# --- small helpers -----------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _service_catalog(locale: str) -> dict[str, str]:
    path = Path(__file__).resolve().parent / "messages" / f"{locale}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _service_text(locale: str, key: str) -> str:
    return _service_catalog(locale).get(key) or _service_catalog("en")[key]


def _public(engine: Engine, move: str) -> str:
    """How the table sees a move: a game may hide part of it (Tower Fire's redrawn cards, R7.4)."""
    public_form = getattr(engine, "public_form", None)
    return public_form(move) if public_form else move


def _labels(engine: Engine, state: Any) -> list[str]:
    return list(engine.view(state, None).get("seats", []))


def _to_move_of(table: TableRow) -> list[int]:
    return list(table.settings.get("to_move", []))


def _comparable(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "viewer"}


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
