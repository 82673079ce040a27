"""A tiny game with a secret, for testing the service without depending on a real game's rules.

Two or three seats take turns adding 1-3 to a shared total; whoever brings it to 10 or more wins. At the
start each seat is dealt a secret number (a private event); `peek` re-sends it privately.
"""

from __future__ import annotations

from engines.core import Event, IllegalMove, Option, Outcome, Rng


class Race:
    id = "race"
    title = "Race to Ten"
    seats = range(2, 4)
    options = [Option("target", 10, "total that wins", kind="int", minimum=3, maximum=50),
               Option("dice", False, "players may roll a die instead of choosing", kind="bool")]

    def setup(self, seats, options, seed):
        rng = Rng(seed)
        return {"n": seats, "total": 0, "turn": 0, "target": options.get("target", 10),
                "secret": [rng.randint(1, 99) for _ in range(seats)], "winner": None, "rng": rng.dump(),
                "dice": bool(options.get("dice", False))}

    def to_move(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return ["add 1", "add 2", "add 3", "peek"] + (["roll"] if state["dice"] else [])

    def play(self, state, seat, move):
        if seat not in self.to_move(state):
            raise IllegalMove("It is not your turn.")
        if move == "peek":
            return [Event("secret", {"value": state["secret"][seat]}, to=seat)]
        if move == "roll" and state["dice"]:  # luck: adds a die roll to the total
            rng = Rng.load(state["rng"])
            value = rng.die()
            state["rng"] = rng.dump()
            move = f"add {min(value, 3)}"
        parts = move.split()
        if len(parts) != 2 or parts[0] != "add" or parts[1] not in ("1", "2", "3"):
            raise IllegalMove("Play add 1, add 2 or add 3.")
        state["total"] += int(parts[1])
        events = [Event("added", {"amount": int(parts[1]), "total": state["total"]})]
        if state["total"] >= state["target"]:
            state["winner"] = seat
        else:
            state["turn"] = (seat + 1) % state["n"]
        return events

    def view(self, state, seat):
        view = {"game": self.id, "seats": [f"Runner {i + 1}" for i in range(state["n"])],
                "to_move": self.to_move(state), "over": state["winner"] is not None,
                "outcome": None, "viewer": seat, "total": state["total"]}
        if seat is not None:
            view["secret"] = state["secret"][seat]
        return view

    def outcome(self, state):
        if state["winner"] is None:
            return None
        return Outcome((state["winner"],), "outcome.win", {}, {i: 0 for i in range(state["n"])})

    def dump(self, state):
        return dict(state)

    def load(self, data):
        return dict(data)


RACE = Race()
