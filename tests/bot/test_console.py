"""`ember play`: a scripted game piped on stdin runs to the end; bad input is explained, nothing breaks."""

from __future__ import annotations

import io
import subprocess
import sys

import engines
from bot.console import choice_flags, parse_args, run_console
from engines.core import Rng, resolve_options
from engines.players import RandomPlayer


def scripted_moves(game: str, seed: int, players: int = 2) -> list[str]:
    """A whole game's moves, found by playing the engine itself with the same seed the console uses."""
    engine = engines.get(game)
    state = engine.setup(players, resolve_options(engine, {}), seed)
    rng, player, moves = Rng(99), RandomPlayer(), []
    while engine.outcome(state) is None:
        seat = engine.to_move(state)[0]
        move = player.choose(engine, state, seat, rng)
        engine.play(state, seat, move)
        moves.append(move)
    return moves


async def test_scripted_game_piped_on_stdin_reaches_the_result(tmp_path):
    moves = scripted_moves("forestfire", seed=4)
    script = "?\nfly away\n" + "\n".join(moves) + "\n"
    out = io.StringIO()
    code = await run_console(["forestfire", "--seed", "4", "--out", str(tmp_path)], stdout=out,
                             stdin=io.StringIO(script))
    text = out.getvalue()
    assert code == 0
    assert "Legal moves: " in text and "grow 11" in text
    assert "✗ `fly away`:" in text  # an illegal move prints the reason and the game goes on
    assert "Result: " in text and "🏁" in text
    pngs = sorted(tmp_path.glob("forestfire-*.png"))
    assert len(pngs) >= len(moves) // 2 and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)


async def test_all_ai_game_plays_itself(tmp_path):
    out = io.StringIO()
    code = await run_console(["forestfire", "--ai", "all", "--seed", "1", "--out", str(tmp_path)], stdout=out,
                             stdin=io.StringIO(""))
    assert code == 0 and "Result: " in out.getvalue()
    assert list(tmp_path.glob("*.png"))


async def test_input_ending_early_keeps_the_game(tmp_path):
    out = io.StringIO()
    db = tmp_path / "keep.db"
    code = await run_console(["forestfire", "--db", str(db), "--out", str(tmp_path)], stdout=out,
                             stdin=io.StringIO("grow 11\n"))
    assert code == 0 and f"--db {db} --resume 1" in out.getvalue() and db.exists()
    # ... and the game goes on where it stopped: the Chief (seat 2) is to move.
    out = io.StringIO()
    code = await run_console(["forestfire", "--db", str(db), "--resume", "1", "--out", str(tmp_path)], stdout=out,
                             stdin=io.StringIO("?\nend\n"))
    text = out.getvalue()
    assert code == 0 and "Resuming Forest Fire #1" in text and "Player 2 > ?" in text and "`end`" in text
    out = io.StringIO()
    code = await run_console(["firezone", "--db", str(db), "--resume", "1"], stdout=out, stdin=io.StringIO(""))
    assert code == 2 and "is forestfire, not firezone" in out.getvalue()


async def test_a_game_without_db_says_it_is_not_kept(tmp_path):
    out = io.StringIO()
    await run_console(["forestfire", "--out", str(tmp_path)], stdout=out, stdin=io.StringIO(""))
    assert "not kept" in out.getvalue()


async def test_bad_flags_are_explained(tmp_path):
    out = io.StringIO()
    code = await run_console(["forestfire", "--ai", "7", "--out", str(tmp_path)], stdout=out, stdin=io.StringIO(""))
    assert code == 2 and "not a seat number from 1 to 2" in out.getvalue()
    out = io.StringIO()
    code = await run_console(["forestfire", "--max-rounds", "3", "--out", str(tmp_path)], stdout=out,
                             stdin=io.StringIO(""))
    assert code == 2 and "max_rounds" in out.getvalue()


def test_extra_flags_become_options():
    args, options = parse_args(["firezone", "--players", "3", "--mode", "coop", "--firebreaks", "--option", "x=1"])
    assert args.players == 3 and options == {"x": "1", "mode": "coop", "firebreaks": "true"}


def test_ember_command_without_token_explains(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bot.cli"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "DISCORD_TOKEN" in done.stdout and "ember play" in done.stdout


def test_a_bare_flag_naming_a_choice_sets_its_option():
    """`ember play rescue --advanced --level veteran` (issue 8) is `--mode advanced --level veteran`."""
    _, options = parse_args(["rescue", "--advanced", "--level", "veteran"])
    assert choice_flags(engines.get("rescue"), options) == {"mode": "advanced", "level": "veteran"}
    _, options = parse_args(["firezone", "--coop", "--firebreaks"])
    assert choice_flags(engines.get("firezone"), options) == {"mode": "coop", "firebreaks": "true"}
