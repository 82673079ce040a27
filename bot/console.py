"""`ember play <game>`: the table service in a terminal, with a SQLite file and boards written as PNG.

Every human seat is played from this terminal (hot seat). Moves are typed at the prompt or piped on
stdin, one per line; `?` lists the legal moves, `board` writes the board again, `quit` stops (the game
stays saved in the database file).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import TextIO

import engines
from bot.service import BadInput, Reply, ServiceError, TableService
from db import open_store


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ember play",
        description="Play an Ember game in the terminal. Unknown --NAME VALUE flags set game options "
        "(e.g. --mode coop, --firebreaks).",
    )
    parser.add_argument("game", help="one of: " + ", ".join(engines.ALL))
    parser.add_argument("--players", type=int, help="number of seats (default: the game's smallest)")
    parser.add_argument("--ai", default="", help="seats played by the computer: 'all' or 1-based seat numbers, e.g. 2 or 1,3")
    parser.add_argument("--ai-kind", default="auto", choices=("auto", "playout", "random"),
                        help="the computer's play: playout (thinks ahead, where the game allows it), random, "
                        "or auto (the best the game allows; default)")
    parser.add_argument("--seed", type=int, help="fix the game's randomness (same seed + same moves = same game)")
    parser.add_argument("--out", default="boards", help="folder for the board PNGs (default: boards)")
    parser.add_argument("--db", help="SQLite file to keep the game in (default: a temporary file)")
    parser.add_argument("--resume", type=int, metavar="GAME", help="go on with game number GAME saved in --db")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--locale", default="en", help="language of the texts: en or fr")
    return parser


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, dict[str, str]]:
    """Known flags, plus game options from --option NAME=VALUE and from any other --NAME [VALUE]."""
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    options: dict[str, str] = {}
    for item in args.option:
        if "=" not in item:
            parser.error(f"--option needs NAME=VALUE, not {item!r}")
        name, value = item.split("=", 1)
        options[name.strip().replace("-", "_")] = value.strip()
    i = 0
    while i < len(rest):
        flag = rest[i]
        if not flag.startswith("--"):
            parser.error(f"unexpected argument {flag!r}")
        name = flag[2:]
        if "=" in name:
            name, value = name.split("=", 1)
        elif i + 1 < len(rest) and not rest[i + 1].startswith("--"):
            value = rest[i + 1]
            i += 1
        else:
            value = "true"
        options[name.replace("-", "_")] = value
        i += 1
    return args, options


def choice_flags(engine, options: dict[str, str]) -> dict[str, str]:
    """A bare flag naming one option's value stands for it: `--advanced` is `--mode advanced` when
    `advanced` is one of the `mode` option's choices (and no option is itself called `advanced`)."""
    names = {opt.name for opt in engine.options}
    result = {}
    for name, value in options.items():
        owners = [opt for opt in engine.options if opt.choices and name in map(str, opt.choices)]
        if value == "true" and name not in names and len(owners) == 1:
            result[owners[0].name] = name
        else:
            result[name] = value
    return result


def _ai_seats(spec: str, players: int) -> set[int]:
    spec = spec.strip().lower()
    if not spec:
        return set()
    if spec == "all":
        return set(range(players))
    seats = set()
    for part in spec.split(","):
        if not part.strip().isdigit() or not 1 <= int(part) <= players:
            raise BadInput(f"--ai: {part!r} is not a seat number from 1 to {players} (or 'all').")
        seats.add(int(part) - 1)
    return seats


class Console:
    def __init__(self, service: TableService, out: Path, stdout: TextIO, stdin: TextIO, db: str | None = None):
        self.service = service
        self.db = db
        self.out = out
        self.stdout = stdout
        self.stdin = stdin
        self.boards = 0
        self.names: dict[int, str] = {}

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def deliver(self, reply: Reply) -> None:
        if reply.steps:
            # One board per move, AI moves included, then whatever the last step didn't say.
            for text, png in reply.steps:
                self.say(text.replace("**", ""))
                self.say(f"Board: {self.write(png, reply)}")
            said = "\n".join(text for text, _ in reply.steps)
            rest = reply.text[len(said):] if reply.text.startswith(said) else ""
            if rest.strip():
                self.say(rest.strip().replace("**", ""))
        elif reply.text:
            self.say(reply.text.replace("**", ""))
        for message in reply.private:
            who = self.names.get(message.user_id, f"user {message.user_id}")
            self.say(f"  [private to {who}] {message.text}")
            if message.image:
                self.say(f"  [private to {who}] board: {self.write(message.image, reply, f'private-{who}')}")
        if reply.image and not reply.steps:
            self.say(f"Board: {self.write(reply.image, reply)}")

    def write(self, png: bytes, reply: Reply, tag: str = "") -> Path:
        self.out.mkdir(parents=True, exist_ok=True)
        if not tag:
            self.boards += 1
        name = f"{reply.game}-{reply.table_id}-{self.boards:03d}{'-' + tag.replace(' ', '_') if tag else ''}.png"
        path = self.out / name
        path.write_bytes(png)
        return path

    async def play(self, args: argparse.Namespace, options: dict[str, str]) -> int:
        table = await (self.resume(args) if args.resume is not None else self.open(args, options))
        return await self.loop(table)

    async def open(self, args: argparse.Namespace, options: dict[str, str]) -> int:
        """Open a table, seat the terminal's players and the computer's, and start."""
        engine = engines.get(args.game)
        players = args.players or min(engine.seats)
        if players not in engine.seats:
            raise BadInput(f"{engine.title} is for {min(engine.seats)} to {max(engine.seats)} players, not {players}.")
        ai = _ai_seats(args.ai, players)
        humans = [seat for seat in range(players) if seat not in ai]
        self.names = {seat + 1: f"Player {seat + 1}" for seat in humans}
        host = humans[0] + 1 if humans else 1
        reply = await self.service.create(engine.id, host, self.names.get(host, "Host"), options, seed=args.seed,
                                          seat_host=False)
        table = reply.table_id
        for seat in range(players):
            if seat in ai:
                await self.service.add_ai(table, host, args.ai_kind)
            else:
                await self.service.join(table, seat + 1, self.names[seat + 1])
        self.deliver(await self.service.start(table, host))
        return table

    async def resume(self, args: argparse.Namespace) -> int:
        """Pick up a game kept with --db: its human seats are played from this terminal again."""
        if not args.db:
            raise BadInput("--resume needs --db FILE: the file the game was kept in.")
        reply = await self.service.board(args.resume)
        if reply.game != args.game:
            raise BadInput(f"Game #{args.resume} in {args.db} is {reply.game}, not {args.game}.")
        self.names = dict((await self.service.info(args.resume)).players)
        self.say(f"Resuming {reply.title}. {reply.text}")
        if reply.image:
            self.say(f"Board: {self.write(reply.image, reply)}")
        return args.resume

    async def loop(self, table: int) -> int:
        reply = await self.service.board(table)
        while reply.status == "active":
            waiting = await self._waiting(table)
            if not waiting:
                break
            user = waiting[0]
            self.stdout.write(f"{self.names[user]} > ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say(f"\nInput ended before the game did; {self.kept(table)}")
                return 0
            line = line.strip()
            if not line.isprintable() and line:
                self.say("That line has control characters; type a move or ? for the list.")
                continue
            if self.stdin is not sys.stdin or not self.stdin.isatty():
                self.say(line)
            if not line:
                continue
            if line in ("?", "help", "moves"):
                moves = await self.service.legal_moves(table, user)
                self.say("Legal moves: " + ", ".join(moves))
                continue
            if line in ("quit", "exit"):
                self.say(f"Stopped; {self.kept(table)}")
                return 0
            if line == "board":
                self.deliver(await self.service.board(table))
                continue
            try:
                reply = await self.service.act(table, user, line)
            except ServiceError as err:
                self.say(f"✗ {err}")
                continue
            self.deliver(reply)
        final = await self.service.board(table)
        self.say(f"Result: {final.text}")
        return 0

    def kept(self, table: int) -> str:
        if self.db:
            return f"game #{table} is kept in {self.db}: ember play GAME --db {self.db} --resume {table}"
        return "the game was not kept (play with --db FILE to keep it and --resume it later)."

    async def _waiting(self, table: int) -> list[int]:
        return [user for user in self.names if await self.service.legal_moves(table, user)]


async def run_console(argv: list[str], stdout: TextIO = sys.stdout, stdin: TextIO = sys.stdin) -> int:
    args, options = parse_args(argv)
    if args.game not in engines.ALL:
        print(f"Unknown game {args.game!r}; the games are: {', '.join(engines.ALL)}.", file=stdout)
        return 2
    options = choice_flags(engines.get(args.game), options)
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{args.db}" if args.db else f"sqlite:///{Path(scratch) / 'ember-play.db'}"
        store = await open_store(url)
        try:
            console = Console(TableService(store, locale=args.locale, board_every_move=True), Path(args.out), stdout, stdin,
                              args.db)
            return await console.play(args, options)
        except ServiceError as err:
            print(f"✗ {err}", file=stdout)
            return 2
        finally:
            await store.close()


def main(argv: list[str]) -> int:
    return asyncio.run(run_console(argv))
