"""How the game ends (spec §8): victory, collapse, lost victims, the turn limit."""

from __future__ import annotations

from engines.core import Event, Outcome
from engines.rescue.board import CELLS, LOSSES_TO_LOSE, RESCUES_TO_WIN, VICTIMS, cell_id
from engines.rescue.state import OVER, VICTIM, State


def finish(st: State, reason: str, events: list[Event]) -> None:
    """End the game now (R8.5). Under play_on a game with 7 rescued stays a victory (R8.4)."""
    victory = st.rescued >= RESCUES_TO_WIN and reason != "lost4"
    if reason == "collapse":
        # R8.2: for the record, every POI still on the board is revealed; victims among them are lost.
        for cell in range(CELLS):
            if st.hidden[cell]:
                if st.hidden[cell] == VICTIM:
                    st.lost += 1
                    events.append(Event("collapse_victim", {"cell": cell_id(cell)}))
                else:
                    st.false_revealed += 1
                st.hidden[cell] = 0
            if st.victims[cell] or st.treated[cell]:
                st.lost += st.victims[cell] + st.treated[cell]
                events.append(Event("collapse_victim", {"cell": cell_id(cell)}))
                st.victims[cell] = 0
                st.treated[cell] = 0
    st.phase = OVER
    seats = tuple(range(st.seats))
    result = "victory" if victory else "defeat"
    params = {"result": result, "reason": reason, "rescued": st.rescued, "lost": st.lost,
              "damage": st.damage, "turns": st.turn}
    outcome = Outcome(
        winners=seats if victory else (),
        kind=f"outcome.{result}.{reason}",
        params=params,
        scores={seat: st.rescued for seat in seats},
    )
    st.result = outcome.dump()
    events.append(Event(outcome.kind, dict(params)))


def check_rescued(st: State, events: list[Event]) -> bool:
    """After a rescue: R8.1 victory at 7 (R8.4: under play_on, only when all 10 are resolved)."""
    if not st.play_on:
        if st.rescued >= RESCUES_TO_WIN:
            finish(st, "rescued7", events)
            return True
        return False
    if st.rescued + st.lost >= VICTIMS:
        finish(st, "all_victims_resolved" if st.rescued >= RESCUES_TO_WIN else "lost4", events)
        return True
    return False


def check_lost(st: State, events: list[Event]) -> bool:
    """After a loss: R8.3 defeat at 4 lost; under play_on the game also ends when all 10 are resolved."""
    if st.lost >= LOSSES_TO_LOSE:
        finish(st, "lost4", events)
        return True
    if st.play_on and st.rescued >= RESCUES_TO_WIN and st.rescued + st.lost >= VICTIMS:
        finish(st, "all_victims_resolved", events)
        return True
    return False
