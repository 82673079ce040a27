"""End to end, game by game: every game hides something different, and the Discord layer must carry each
secret to its owner only. Also the limits a long game runs into (long AI chains, finished games' buttons,
autocomplete that must answer within Discord's 3 s, one person holding two seats)."""

from __future__ import annotations

import asyncio

from bot.cogs import games as games_cog
from bot.cogs.games import code_block
from bot.discord_delivery import clip
from tests.discord_stub import DiscordStub
from tests.discord_stub.harness import Harness

PNG = b"\x89PNG\r\n\x1a\n"




async def two_player_game(h: Harness, stub: DiscordStub, game: str, options: str | None = None):
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    table_id, thread_id, lobby = await h.new_game(alice, game, options)
    await stub.click(bob, lobby, lobby.button("Join"))
    await stub.click(alice, lobby, lobby.button("Start"))
    return alice, bob, table_id, thread_id


def public_text(stub: DiscordStub, thread_id: int) -> str:
    return "\n".join(m.text for m in stub.in_channel(thread_id))


async def test_tower_fire_hands_go_by_dm_as_pictures(harness, stub):
    h = harness
    alice, bob, table_id, thread_id = await two_player_game(h, stub, "tower")
    start = stub.in_channel(thread_id)[-1]
    first = alice if await h.service.legal_moves(table_id, alice.id) else bob
    assert "begins" in start.text and start.files[0][1].startswith(PNG) and start.pinged == {first.id}
    # Each hand reaches its owner only, as a picture of that seat's view, with a link to the thread.
    for user in (alice, bob):
        (dm,) = stub.dms(user.id)
        assert f"Tower Fire #{table_id}" in dm.text and f"/{thread_id}" in dm.text
        assert [name for name, _ in dm.files] == ["view.png"] and dm.files[0][1].startswith(PNG)
        assert dm.files[0][1] != start.files[0][1]  # more than the public board
    assert stub.dms(alice.id)[0].files[0][1] != stub.dms(bob.id)[0].files[0][1]

    # Moves through autocomplete: one thread message each, pinging the next player; a changed hand
    # comes back by DM, as a picture.
    for _ in range(6):
        user = alice if await h.service.legal_moves(table_id, alice.id) else bob
        choices = await stub.autocomplete(user, thread_id, "move", {"move": ""}, focused="move")
        assert choices
        before, dms_before = len(stub.in_channel(thread_id)), len(stub.dms(user.id))
        ix = await h.move(user, thread_id, choices[0]["value"])
        assert ix.reply.text.startswith("Played"), ix.reply.text
        posted = stub.in_channel(thread_id)[before:]
        assert len(posted) == 1 and posted[0].files[0][0] == "board.png"
        nxt = [u for u in (alice, bob) if await h.service.legal_moves(table_id, u.id)]
        assert posted[0].pinged == {u.id for u in nxt}
        assert all(dm.files and "Tower Fire" in dm.text for dm in stub.dms(user.id)[dms_before:])
    assert len(stub.dms(alice.id)) + len(stub.dms(bob.id)) > 2  # hands changed during play
    hand = await stub.command(bob, thread_id, "hand")
    assert hand.reply.ephemeral and "you play" in hand.reply.text
    assert hand.reply.files and hand.reply.files[0][1].startswith(PNG)


async def test_fire_zones_drawn_tile_and_firebreak_values_reach_only_their_owner(harness, stub):
    h = harness
    alice, bob, table_id, thread_id = await two_player_game(h, stub, "firezone", "firebreaks=true")
    # The drawn tile's value is told to the drawer alone: by DM, never in the thread.
    (drawn,) = stub.dms(alice.id)
    assert "You drew a" in drawn.text and drawn.files
    assert "has drawn a tile" in public_text(stub, thread_id) and "You drew" not in public_text(stub, thread_id)
    assert stub.dms(bob.id) == []
    value = drawn.text.split("You drew a ")[1].split(".")[0]

    # Alice lays it face down as a firebreak: its value stays hers.
    choices = await stub.autocomplete(alice, thread_id, "move", {"move": "fireb"}, focused="move")
    assert choices and all(c["value"].startswith("firebreak") for c in choices)
    ix = await h.move(alice, thread_id, choices[0]["value"])
    assert ix.reply.text.startswith("Played"), ix.reply.text
    move_message = stub.in_channel(thread_id)[-1]
    assert "placed a firebreak" in move_message.text and f"is a {value}" not in move_message.text
    secret = [dm for dm in stub.dms(alice.id) if "Your firebreak" in dm.text]
    assert len(secret) == 1 and f"is a {value}" in secret[0].text
    assert not any("Your firebreak" in dm.text for dm in stub.dms(bob.id))
    # Bob drew next: his tile came to him only, and he was pinged for his move.
    assert any("You drew a" in dm.text for dm in stub.dms(bob.id))
    assert move_message.pinged == {bob.id}


async def test_one_player_two_seats_in_a_cooperative_game(harness, stub):
    h = harness
    alice = stub.add_user("Alice")
    _, ff_thread, _ = await h.new_game(alice, "forestfire")
    refused = await stub.command(alice, ff_thread, "ember", {"extra": True}, subcommand="join")
    assert refused.reply.ephemeral and "cooperative" in refused.reply.text

    table_id, thread_id, lobby = await h.new_game(alice, "rescue")
    again = await stub.click(alice, lobby, lobby.button("Join"))
    assert "extra:true" in again.reply.text  # the hint of how to take another seat
    extra = await stub.command(alice, thread_id, "ember", {"extra": True}, subcommand="join")
    assert extra.reply.ephemeral and "seat" in extra.reply.text
    assert "Alice, Alice" in stub.in_channel(thread_id)[-1].text
    await stub.command(alice, thread_id, "ember", subcommand="start")
    start = stub.in_channel(thread_id)[-1]
    # Pinged once, not once per seat.
    assert start.content.count(alice.mention) <= 1 and start.pinged <= {alice.id}
    hand = await stub.command(alice, thread_id, "hand")
    assert hand.reply.text.count(f"Fire Rescue #{table_id}") == 2 and len(hand.reply.files) == 2


async def test_a_long_chain_of_ai_moves_is_clipped_with_the_full_text_attached(harness, stub):
    h = harness
    alice = stub.add_user("Alice")
    table_id, thread_id, lobby = await h.new_game(alice, "rescue", "mode=advanced")
    for _ in range(5):
        await stub.click(alice, lobby, lobby.button("Add AI"))
    await stub.click(alice, lobby, lobby.button("Start"))
    long_one = None
    for _ in range(25):
        if (await h.store.get_table(table_id)).status != "active":
            break
        legal = await h.service.legal_moves(table_id, alice.id)
        move = "end" if "end" in legal else legal[0]
        ix = await h.move(alice, thread_id, move)
        assert ix.reply.text.startswith("Played"), ix.reply.text
        message = stub.in_channel(thread_id)[-1]
        assert len(message.content) <= 2000
        if "moves.txt" in [name for name, _ in message.files]:
            long_one = message
            break
    assert long_one is not None, "five AI firefighters should have had a lot to say"
    full = dict(long_one.files)["moves.txt"].decode()
    assert len(full) > 2000 and long_one.files[0][0] == "board.png"
    # The move that was played opens the message, the latest events and the ping close it; the middle
    # gives way on line boundaries and says where the rest is.
    assert long_one.content.split("\n")[0] == full.split("\n")[0] == f"**Alice** (red): `{move}`"
    assert "left out (all of it in moves.txt)" in long_one.content
    assert long_one.content.endswith(full.split("\n")[-1])
    assert all(line in full.split("\n") for line in long_one.content.split("\n") if "left out" not in line)


async def test_buttons_of_a_finished_game_say_so(harness, stub):
    h = harness
    alice, bob, table_id, thread_id = await two_player_game(h, stub, "forestfire")
    user = alice if await h.service.legal_moves(table_id, alice.id) else bob
    await h.move(user, thread_id, (await h.service.legal_moves(table_id, user.id))[0])
    move_message = stub.in_channel(thread_id)[-1]
    await stub.command(alice, thread_id, "ember", subcommand="abandon")
    for clicker, label in ((bob, "Board"), (bob, "My view"), (alice, "My view")):
        ix = await stub.click(clicker, move_message, move_message.button(label))
        assert ix.reply.ephemeral and "was abandoned" in ix.reply.text and ix.reply.files, ix.reply.text
    old_lobby = stub.forge_message(thread_id, "old lobby", [f"ember:join:{table_id}"])
    ix = await stub.click(stub.add_user("Late"), old_lobby, f"ember:join:{table_id}")
    assert "was abandoned" in ix.reply.text
    hand = await stub.command(bob, thread_id, "hand")
    assert "was abandoned" in hand.reply.text and "not your turn" not in hand.reply.text


async def test_autocomplete_never_fails_and_answers_in_time(harness, stub, monkeypatch):
    h = harness
    alice, bob, table_id, thread_id = await two_player_game(h, stub, "forestfire")

    async def broken(*args, **kwargs):
        raise RuntimeError("an engine bug")

    monkeypatch.setattr(h.service, "legal_moves", broken)
    assert await stub.autocomplete(alice, thread_id, "move", {"move": ""}, focused="move") == []

    async def slow(*args, **kwargs):
        await asyncio.sleep(10)

    monkeypatch.setattr(h.service, "legal_moves", slow)
    monkeypatch.setattr(games_cog, "AUTOCOMPLETE_SECONDS", 0.1)
    started = asyncio.get_running_loop().time()
    assert await stub.autocomplete(alice, thread_id, "move", {"move": ""}, focused="move") == []
    assert asyncio.get_running_loop().time() - started < 1

    # Rules topics come from the thread's game without drawing its board.
    import render

    monkeypatch.setattr(render, "board", lambda *a, **k: (_ for _ in ()).throw(AssertionError("drawn")))
    topics = await stub.autocomplete(bob, thread_id, "rules", {"topic": ""}, focused="topic")
    assert topics and all(len(t["name"]) <= 100 for t in topics)
    section = await stub.command(bob, thread_id, "rules", {"topic": topics[-1]["value"]})
    assert section.reply.embeds and topics[-1]["value"] in section.reply.embeds[0]["title"]
    unknown = await stub.command(bob, thread_id, "rules", {"topic": "cheating"})
    assert "topics:" in unknown.reply.text and topics[0]["value"] in unknown.reply.text
    outside = await stub.command(bob, stub.channel_id, "rules")
    assert outside.reply.ephemeral and "`game`" in outside.reply.text
    other = await stub.command(bob, stub.channel_id, "rules", {"game": "tower"})
    assert other.reply.embeds and "Tower Fire" in other.reply.embeds[0]["title"]


async def test_looking_at_settings_is_private(harness, stub):
    h = harness
    alice, bob, table_id, thread_id = await two_player_game(h, stub, "forestfire")
    before = len(stub.in_channel(thread_id))
    look = await stub.command(alice, thread_id, "ember", subcommand="settings")
    assert look.reply.ephemeral and "every 24 h" in look.reply.text
    assert len(stub.in_channel(thread_id)) == before
    change = await stub.command(alice, thread_id, "ember", {"reminder": 0.0}, subcommand="settings")
    assert "off" in change.reply.text and "off" in stub.in_channel(thread_id)[-1].text


def test_clipping_keeps_the_move_and_the_ping_and_cuts_on_lines():
    lines = ["**Alice** (red): `end`"] + [f"  event number {i} " + "x" * 40 for i in range(100)] + ["<@1> — your move."]
    text = "\n".join(lines)
    shown = clip(text, more=" (see moves.txt)")
    assert len(shown) <= 2000 and shown.startswith(lines[0]) and shown.endswith(lines[-1])
    assert all(line in lines or "left out" in line for line in shown.split("\n"))
    assert clip("short") == "short"
    giant = clip("`" + "y" * 5000 + "`: not a move")
    assert len(giant) <= 2000 and giant.endswith("not a move")
    block = code_block([f"{n}. Alice: spray {n} " + "z" * 60 for n in range(1, 51)])
    assert len(block) <= 2000 and block.endswith("```") and "50. Alice" in block and block.count("```") == 2
    assert block.startswith("(older moves left out)")


async def test_players_follow_the_thread_and_test_only_options_are_refused(harness, stub):
    h = harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    rigged = await stub.command(alice, stub.channel_id, "ember", {"game": "rescue", "options": "stack=6"},
                                subcommand="new")
    assert rigged.reply.ephemeral and "no option `stack`" in rigged.reply.text and "`mode`" in rigged.reply.text
    assert stub.threads() == []
    table_id, thread_id, lobby = await h.new_game(alice, "forestfire")
    await stub.click(bob, lobby, lobby.button("Join"))
    assert stub.thread_members[thread_id] == {alice.id, bob.id}


async def test_closed_dms_are_noted_once_even_across_a_restart(race_harness, stub):
    h = race_harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    stub.closed_dms.add(bob.id)
    table_id, thread_id, lobby = await h.new_game(alice, "race")
    await stub.click(bob, lobby, lobby.button("Join"))
    await stub.click(alice, lobby, lobby.button("Start"))

    def notes():
        return [m for m in stub.in_channel(thread_id) if "your DMs are closed" in m.text]

    assert len(notes()) == 1 and notes()[0].pinged == {bob.id}
    await h.move(alice, thread_id, "add 1")
    await h.move(bob, thread_id, "peek")        # a private message that can't be delivered
    await h.restart()
    await h.move(alice, thread_id, "add 1")
    await h.move(bob, thread_id, "peek")
    assert len(notes()) == 1
    assert "Race to Ten" in (await stub.command(bob, thread_id, "hand")).reply.text


async def test_a_lobby_button_in_an_archived_thread_still_works(harness, stub):
    h = harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    table_id, thread_id, lobby = await h.new_game(alice, "forestfire")
    await stub.archive_thread(thread_id)   # the lobby sat idle for a week
    ix = await stub.click(bob, lobby, lobby.button("Join"))
    assert ix.reply.ephemeral and "seat" in ix.reply.text, ix.reply.text
    assert "Alice, Bob" in lobby.text and not stub.channels[thread_id]["thread_metadata"]["archived"]
