"""`python -m bench` keeps working for every game and variant (tiny sizes: speed itself is not tested)."""

from __future__ import annotations

import asyncio

import pytest

import engines
from bench.__main__ import VARIANTS, act_latency, engine_speed, parse_spec, render_ms
from engines.core import resolve_options


@pytest.mark.parametrize("spec", [*engines.ALL, *VARIANTS])
def test_bench_measures_every_game(spec):
    game, given = parse_spec(spec)
    engine = engines.get(game)
    options = resolve_options(engine, given)
    speed, games = engine_speed(engine, options, 0.05)
    assert speed > 0 and games >= 1
    assert render_ms(engine, options, count=2) > 0
    p50, p95 = asyncio.run(act_latency(engine, given, stored=2, samples=3))
    assert 0 < p50 <= p95


def test_variant_specs_parse():
    assert parse_spec("rescue:mode=advanced,level=heroic") == ("rescue", {"mode": "advanced", "level": "heroic"})
    assert parse_spec("tower") == ("tower", {})
