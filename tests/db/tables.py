"""Small builders shared by the store tests."""

from __future__ import annotations

import dataclasses

from db import ACTIVE, MoveRow, SeatRow, TableRow

SNOWFLAKE = 1_234_567_890_123_456_789  # a real-looking Discord id (> 2**60)
MAX_INT64 = 2**63 - 1


def two_seats(first_user: int = 11, second_user: int | None = None) -> list[SeatRow]:
    second = [SeatRow(seat=1, user_id=None, name="Random", ai="random")] if second_user is None else [
        SeatRow(seat=1, user_id=second_user, name="Bea")
    ]
    return [SeatRow(seat=0, user_id=first_user, name="Ann"), *second]


def move(n: int, seat: int = 0, user_id: int | None = 11, text: str | None = None) -> MoveRow:
    return MoveRow(
        n=n,
        seat=seat,
        user_id=user_id,
        move=text or f"grow {n}",
        events=[{"kind": "grew", "params": {"square": n}, "to": None}],
        at=1000.0 + n,
    )


def advanced(table: TableRow, **changes) -> TableRow:
    """A copy of `table` with changed fields, as the service would build before saving."""
    return dataclasses.replace(table, **changes)


async def started_table(store, *, now: float = 100.0, guild_id: int = 1, thread_id: int | None = None,
                        users: tuple[int, int | None] = (11, None)):
    """A table created, seated and started (status active, version 2)."""
    table = await store.create_table(game="forestfire", host_id=users[0], options={"size": 5}, seed=42,
                                     now=now, guild_id=guild_id, channel_id=2, thread_id=thread_id)
    table = await store.save(table, now=now + 1, seats=two_seats(*users))
    return await store.save(advanced(table, status=ACTIVE, state={"turn": 0, "fires": []},
                                     turn_started_at=now + 2), now=now + 2)
