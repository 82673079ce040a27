"""End to end: a real Ember bot (discord.py 2.7, unmodified) against the local Discord stand-in.

Users act by gateway INTERACTION_CREATE events (slash commands, autocomplete, button clicks), exactly as
Discord would send them; assertions look at what reached the stand-in's REST API.
"""

from __future__ import annotations

import asyncio

from tests.bot.conftest import acknowledged_at_once
from tests.discord_stub import DiscordStub
from tests.discord_stub.harness import Harness

PNG = b"\x89PNG\r\n\x1a\n"




async def forest_fire_table(h: Harness, stub: DiscordStub):
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    table_id, thread_id, lobby = await h.new_game(alice, "forestfire", "max_rounds=10")
    await stub.click(bob, lobby, lobby.button("Join"))
    await stub.click(alice, lobby, lobby.button("Start"))
    return alice, bob, table_id, thread_id, lobby


async def status(h: Harness, table_id: int) -> str:
    """Read straight from the store (service.board would render a picture)."""
    return (await h.store.get_table(table_id)).status


async def player_to_move(h: Harness, table_id: int, *users):
    for user in users:
        moves = await h.service.legal_moves(table_id, user.id)
        if moves:
            return user, moves
    return None, []


async def test_full_forest_fire_game_with_a_restart_in_the_middle(harness, stub):
    h = harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")

    # /ember new: a public thread named after the game and table, with a lobby message and its buttons.
    table_id, thread_id, lobby = await h.new_game(alice, "forestfire", "max_rounds=10")
    thread = stub.channels[thread_id]
    assert thread["name"] == f"Forest Fire #{table_id}" and thread["type"] == 11
    assert thread["parent_id"] == str(stub.channel_id)
    assert lobby.custom_ids() == [f"ember:{a}:{table_id}" for a in ("join", "leave", "ai", "start")]
    assert "Alice" in lobby.text and "max_rounds=10" in lobby.text

    # Bob joins by button: the lobby message itself is updated; the thread hears of it.
    ix = await stub.click(bob, lobby, lobby.button("Join"))
    assert ix.reply.ephemeral and "seat" in ix.reply.text
    assert "Alice, Bob" in lobby.text and lobby.edits == 1
    ix = await stub.click(alice, lobby, lobby.button("Start"))
    assert ix.reply.ephemeral
    assert lobby.custom_ids() == []  # the lobby is over: its buttons are gone
    start = stub.in_channel(thread_id)[-1]
    assert "begins" in start.text and start.files and start.files[0][1].startswith(PNG)

    players = (alice, bob)
    moves_played = 0
    restarted_at = None
    while await status(h, table_id) == "active":
        user, legal = await player_to_move(h, table_id, *players)
        other = bob if user is alice else alice

        # Autocomplete offers the caller's legal moves (filtered by what they typed), nothing to the other.
        choices = await stub.autocomplete(user, thread_id, "move", {"move": ""}, focused="move")
        assert [c["value"] for c in choices] == legal[:25] and all(len(c["name"]) <= 100 for c in choices)
        word = legal[-1].split()[0]
        typed = await stub.autocomplete(user, thread_id, "move", {"move": word[:2]}, focused="move")
        assert typed and all(c["value"] in legal for c in typed) and typed[0]["value"].startswith(word[:2])
        assert await stub.autocomplete(other, thread_id, "move", {"move": ""}, focused="move") == []

        before = len(stub.in_channel(thread_id))
        ix = await h.move(user, thread_id, choices[len(choices) // 2]["value"])
        assert ix.reply.ephemeral and ix.reply.text.startswith("Played"), ix.reply.text
        posted = stub.in_channel(thread_id)[before:]
        assert len(posted) == 1, [m.text for m in posted]  # ONE message per move: events + board + ping
        message = posted[0]
        assert len(message.files) == 1 and message.files[0][0] == "board.png"
        assert message.files[0][1].startswith(PNG)
        if await status(h, table_id) == "active":
            nxt, _ = await player_to_move(h, table_id, *players)
            assert nxt.mention in message.content
            assert message.pinged == {nxt.id}
        moves_played += 1

        if moves_played == 6:
            # A restart mid-game: new client, new service, same database, same Discord.
            restarted_at = message
            await h.restart()
            assert stub.identifies == 2
            # A button posted before the restart still works…
            board = await stub.click(user, restarted_at, restarted_at.button("Board"))
            assert board.reply.ephemeral and board.reply.files and "Waiting for" in board.reply.text
            # …and so does the lobby's Join, answering clearly that the game has started.
            forged = stub.forge_message(thread_id, "old lobby", [f"ember:join:{table_id}"])
            late = await stub.click(stub.add_user("Late"), forged, f"ember:join:{table_id}")
            assert "already started" in late.reply.text and late.reply.ephemeral
        assert moves_played < 400, "the game should have ended"

    assert restarted_at is not None and h.starts == 2
    final = stub.in_channel(thread_id)[-1]
    assert "🏁" in final.text and final.files and final.custom_ids() == []
    assert stub.channels[thread_id]["thread_metadata"]["archived"]  # stays readable, archived
    # The whole game is in the log, and /log shows it.
    log = await stub.command(alice, thread_id, "log", {"count": 5})
    assert log.reply.ephemeral and log.reply.text.count("\n") >= 5
    acknowledged_at_once(stub)


async def test_strangers_out_of_turn_and_outside_a_thread_are_refused(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    eve = stub.add_user("Eve")
    user, legal = await player_to_move(h, table_id, alice, bob)
    other = bob if user is alice else alice
    before = list(stub.messages)

    stranger = await h.move(eve, thread_id, legal[0])
    assert stranger.reply.ephemeral and "not playing" in stranger.reply.text
    waiting = await h.move(other, thread_id, legal[0])
    assert waiting.reply.ephemeral and "not your turn" in waiting.reply.text
    outside = await h.move(user, stub.channel_id, legal[0])
    assert outside.reply.ephemeral and "isn't a game thread" in outside.reply.text
    illegal = await h.move(user, thread_id, "teleport 99")
    assert illegal.reply.ephemeral and "teleport 99" in illegal.reply.text
    hand = await stub.command(eve, thread_id, "hand")
    assert hand.reply.ephemeral and "not playing" in hand.reply.text
    abandon = await stub.command(eve, thread_id, "ember", subcommand="abandon")
    assert abandon.reply.ephemeral and "host" in abandon.reply.text
    # Nothing public happened, nothing changed.
    assert [m for m in stub.messages if m not in before and not m.ephemeral] == []
    assert await h.service.legal_moves(table_id, user.id) == legal


async def test_a_double_click_plays_one_move(harness, stub):
    h = harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    table_id, thread_id, lobby = await h.new_game(alice, "forestfire", "max_rounds=10")
    await stub.click(bob, lobby, lobby.button("Join"))

    # Start pressed twice at once: one game starts.
    clicks = await asyncio.gather(*(stub.click(alice, lobby, lobby.button("Start"), wait=False) for _ in range(2)))
    await asyncio.gather(*(ix.wait() for ix in clicks))
    assert sum("begins" in m.text for m in stub.in_channel(thread_id)) == 1

    # The same move sent twice at once: exactly one applies; the other is told, privately.
    user, legal = await player_to_move(h, table_id, alice, bob)
    before = len(stub.in_channel(thread_id))
    log_before = len(await h.service.log(table_id, 50))
    twins = await asyncio.gather(*(h.move(user, thread_id, legal[0], wait=False) for _ in range(2)))
    await asyncio.gather(*(ix.wait() for ix in twins))
    assert len(stub.in_channel(thread_id)) == before + 1
    assert len(await h.service.log(table_id, 50)) == log_before + 1
    answers = sorted(ix.reply.text for ix in twins)
    assert all(ix.reply.ephemeral for ix in twins)
    played = [ix for ix in twins if ix.reply.text.startswith("Played")]
    lost = [ix for ix in twins if not ix.reply.text.startswith("Played")]
    assert len(played) == 1 and len(lost) == 1, answers
    loser = lost[0].reply
    # Either it raced the save (the game moved on: here is the board) or it came second (not your turn).
    assert ("moved on" in loser.text and loser.files) or "not your turn" in loser.text, loser.text


async def test_private_messages_by_dm_and_the_closed_dm_fallback(race_harness, stub):
    h = race_harness
    alice, bob = stub.add_user("Alice"), stub.add_user("Bob")
    stub.closed_dms.add(bob.id)
    table_id, thread_id, lobby = await h.new_game(alice, "race")
    joined = await stub.command(bob, thread_id, "ember", subcommand="join")   # typed instead of the button
    assert joined.reply.ephemeral
    assert "Alice, Bob" in stub.in_channel(thread_id)[-1].text  # a fresh lobby message
    await stub.command(alice, thread_id, "ember", subcommand="start")

    # Alice's secret came by DM, with a link back to the thread.
    dms = stub.dms(alice.id)
    assert len(dms) == 1 and f"Race to Ten #{table_id}" in dms[0].text and str(thread_id) in dms[0].text
    # Bob's DMs are closed (403, 50007): his seat is marked and the thread tells him to use /hand.
    assert stub.dms(bob.id) == []
    fallback = [m for m in stub.in_channel(thread_id) if "your DMs are closed: use /hand" in m.text]
    assert len(fallback) == 1 and fallback[0].content.startswith(bob.mention)
    table = await h.store.get_table(table_id)
    assert [s.dm_closed for s in table.seats] == [False, True]
    # Nothing is lost: /hand shows Bob his view, only to him.
    hand = await stub.command(bob, thread_id, "hand")
    assert hand.reply.ephemeral and "Race to Ten" in hand.reply.text and hand.reply.files

    # Bob opens his DMs: the next private message reaches him and his seat is unmarked.
    stub.closed_dms.discard(bob.id)
    await h.move(alice, thread_id, "add 1")
    peek = await h.move(bob, thread_id, "peek")
    assert peek.reply.text.startswith("Played")
    assert len(stub.dms(bob.id)) == 1 and str(thread_id) in stub.dms(bob.id)[0].text
    table = await h.store.get_table(table_id)
    assert [s.dm_closed for s in table.seats] == [False, False]


async def test_reminders_fire_with_an_injected_clock_once_per_interval(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    user, _ = await player_to_move(h, table_id, alice, bob)

    def reminders():
        return [m for m in stub.in_channel(thread_id) if "⏰" in m.text]

    await asyncio.sleep(0.15)
    assert reminders() == []  # not due yet
    h.clock.advance(hours=25)
    ping = (await stub.wait_until(reminders, what="a reminder"))[0]
    assert ping.content.startswith(user.mention) and ping.pinged == {user.id}
    await asyncio.sleep(0.2)  # several loop rounds later: still one
    assert len(reminders()) == 1

    # The host shortens the interval; the next reminder comes after 2 hours, not 24.
    settings = await stub.command(alice, thread_id, "ember", {"reminder": 2.0}, subcommand="settings")
    assert "every 2 h" in settings.reply.text
    h.clock.advance(hours=2.5)
    await stub.wait_until(lambda: len(reminders()) == 2, what="a second reminder")
    # Refused for anyone but the host.
    refused = await stub.command(bob, thread_id, "ember", {"reminder": 1.0}, subcommand="settings")
    assert "host" in refused.reply.text and refused.reply.ephemeral
    # The host switches the game to French: the thread is told, and the next move is described in French.
    french = await stub.command(alice, thread_id, "ember", {"language": "fr"}, subcommand="settings")
    assert "français" in french.reply.text
    assert "français" in stub.in_channel(thread_id)[-1].text


async def test_archived_thread_is_unarchived_and_a_deleted_one_abandons_its_game(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    user, legal = await player_to_move(h, table_id, alice, bob)

    # Discord archived the idle thread; the stub refuses posts to archived threads, so this proves the bot
    # unarchived it before posting.
    await stub.archive_thread(thread_id)
    before = len(stub.in_channel(thread_id))
    await h.move(user, thread_id, legal[0])
    assert len(stub.in_channel(thread_id)) == before + 1
    assert not stub.channels[thread_id]["thread_metadata"]["archived"]

    # The thread is deleted: its game is abandoned.
    await stub.delete_thread(thread_id)
    for _ in range(100):
        if (await h.store.get_table(table_id)).status == "abandoned":
            break
        await asyncio.sleep(0.01)
    assert (await h.store.get_table(table_id)).status == "abandoned"


async def test_a_thread_gone_without_notice_abandons_its_game_on_the_next_post(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    stub.gone_channels.add(thread_id)   # 404 Unknown Channel from now on, no gateway event
    h.clock.advance(hours=25)           # a reminder tries to post there
    for _ in range(200):
        if (await h.store.get_table(table_id)).status == "abandoned":
            break
        await asyncio.sleep(0.01)
    assert (await h.store.get_table(table_id)).status == "abandoned"


async def test_buttons_of_unknown_games_and_lobby_rules(harness, stub):
    h = harness
    alice, bob, carol = stub.add_user("Alice"), stub.add_user("Bob"), stub.add_user("Carol")
    forged = stub.forge_message(stub.channel_id, "a very old lobby", ["ember:join:999999"])
    ix = await stub.click(bob, forged, "ember:join:999999")
    assert ix.reply.ephemeral and "no game #999999" in ix.reply.text

    table_id, thread_id, lobby = await h.new_game(alice, "forestfire")
    start = await stub.click(alice, lobby, lobby.button("Start"))
    assert "needs 2 players" in start.reply.text
    await stub.click(bob, lobby, lobby.button("Join"))
    full = await stub.click(carol, lobby, lobby.button("Join"))
    assert "full" in full.reply.text
    not_host = await stub.click(bob, lobby, lobby.button("Start"))
    assert "Only the host" in not_host.reply.text
    left = await stub.click(bob, lobby, lobby.button("Leave"))
    assert "left" in left.reply.text and "Seats (1" in lobby.text
    ai = await stub.click(alice, lobby, lobby.button("Add AI"))
    assert ai.reply.ephemeral and "AI" in lobby.text
    # Abandoned by the host: the thread is told and archived.
    gone = await stub.command(alice, thread_id, "ember", subcommand="abandon")
    assert "abandoned" in gone.reply.text
    assert "abandoned" in stub.in_channel(thread_id)[-1].text
    acknowledged_at_once(stub)


async def test_new_game_options_are_validated_with_the_allowed_values(harness, stub):
    alice = stub.add_user("Alice")
    for options, expected in (("max_rounds=3", "10"), ("colour=red", "max_rounds"), ("fast please", "name=value")):
        ix = await stub.command(alice, stub.channel_id, "ember", {"game": "forestfire", "options": options},
                                subcommand="new")
        assert ix.reply.ephemeral and expected in ix.reply.text, ix.reply.text
    assert stub.threads() == []
    suggestions = await stub.autocomplete(alice, stub.channel_id, "ember", {"game": "forestfire", "options": "ro"},
                                          focused="options", subcommand="new")
    assert {"roles=fixed", "roles=random"} <= {c["value"] for c in suggestions}


async def test_looking_commands_board_rules_log_games(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    board = await stub.command(bob, thread_id, "board")
    assert board.reply.ephemeral and board.reply.files and f"Forest Fire #{table_id}" in board.reply.text
    rules = await stub.command(bob, thread_id, "rules")
    assert rules.reply.ephemeral and rules.reply.embeds and len(rules.reply.embeds[0]["description"]) <= 4096
    log = await stub.command(bob, thread_id, "log")
    assert log.reply.ephemeral and ("No moves" in log.reply.text or "```" in log.reply.text)
    user, _ = await player_to_move(h, table_id, alice, bob)
    games = await stub.command(user, stub.channel_id, "ember", subcommand="games")
    assert f"<#{thread_id}>" in games.reply.text and "your turn" in games.reply.text
    outside = await stub.command(bob, stub.channel_id, "board")
    assert "isn't a game thread" in outside.reply.text


async def test_reminders_survive_a_restart_and_a_moderator_may_abandon(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)

    def reminders():
        return [m for m in stub.in_channel(thread_id) if "⏰" in m.text]

    h.clock.advance(hours=25)
    await stub.wait_until(reminders, what="a reminder")
    await h.restart()                       # the reminder was recorded in the store, not in memory
    await asyncio.sleep(0.2)
    assert len(reminders()) == 1
    h.clock.advance(hours=24)
    await stub.wait_until(lambda: len(reminders()) == 2, what="the next day's reminder")

    # The server owner (Manage Threads) may abandon a game they don't host.
    ended = await stub.command(stub.owner, thread_id, "ember", subcommand="abandon")
    assert "abandoned" in ended.reply.text
    assert (await h.store.get_table(table_id)).status == "abandoned"
    assert stub.channels[thread_id]["thread_metadata"]["archived"]


async def test_undo_takes_back_the_last_move_in_the_thread(harness, stub):
    h = harness
    alice, bob, table_id, thread_id, lobby = await forest_fire_table(h, stub)
    refused = await stub.command(bob, thread_id, "undo")
    assert refused.reply.ephemeral and "nothing to undo" in refused.reply.text
    await h.move(alice, thread_id, "grow 11")
    before = len(stub.in_channel(thread_id))
    undone = await stub.command(alice, thread_id, "undo")
    assert undone.reply.ephemeral and "taken back" in undone.reply.text
    posted = stub.in_channel(thread_id)[before:]
    assert len(posted) == 1 and "took back `grow 11`" in posted[0].text and posted[0].files
    assert await h.service.log(table_id) == []
    assert "grow 11" in await h.service.legal_moves(table_id, alice.id)
