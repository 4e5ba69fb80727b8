"""A table of several people at one device (issue 42): what a seat's own table reads aloud, and what everyone hears.

``GameState.observation_words(player)`` reads a seat's own hand and the open table in words; it must name no card the
seat cannot see, so it must not change when everything hidden from the seat is dealt again (``resample``).
``GameState.move_heard(action)`` and the game's narration are what every seat hears of a move: two moves that leave
another seat's view the same must be heard alike by it (a tile laid face down, a split of cards, is never named).
"""

from __future__ import annotations

import random

import pytest

from engine.api import handle
from engine.protocol import GameState, open_state, state_class
from engine.registry import ARCHIVE

CASES = [(g, n, setup) for g in ARCHIVE for n, setup in state_class(g).table_sizes() if n <= 4]


def _walk(game: str, setup: dict[str, object], seed: int, steps: int) -> GameState:
    st = open_state({"game": game, "seed": seed, **setup})
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def _heard(st: GameState, action: str) -> list[tuple[str, str]]:
    other = st.clone()
    words = other.move_heard(action)
    mark = other.log_mark()
    other.apply(action)
    return ([words] if words else []) + other.events_since(mark)


@pytest.mark.parametrize(("game", "n", "setup"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_words_name_the_viewers_own_cards_only(game: str, n: int, setup: dict[str, object]) -> None:
    for seed in range(4):
        for steps in (0, 3, 9, 25):
            st = _walk(game, setup, seed, steps)
            for player in range(st.num_players()):
                zh, en = st.observation_words(player)
                assert zh.strip() and en.strip()
                for k in range(3):
                    again = st.resample(player, random.Random(k)).observation_words(player)
                    assert again == (zh, en), (game, seed, steps, player)


@pytest.mark.parametrize(("game", "n", "setup"), CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_a_move_is_heard_by_the_others_as_they_see_it(game: str, n: int, setup: dict[str, object]) -> None:
    for seed in range(3):
        for steps in (0, 4, 12):
            st = _walk(game, setup, seed, steps)
            p = st.current_player()
            if p is None:
                continue
            moves = st.legal_actions()[:12]
            for q in range(st.num_players()):
                if q == p:
                    continue
                seen: dict[str, list[tuple[str, str]]] = {}
                for a in moves:
                    after = st.clone()
                    after.apply(a)
                    view = repr(after.observation(q))
                    heard = _heard(st, a)
                    assert seen.setdefault(view, heard) == heard, (game, seed, steps, p, q, a)


def test_the_table_path_says_what_was_heard_and_reads_the_viewers_table() -> None:
    a = handle({"game": "table", "action": "play", "viewer": 1, "heard": 0,
                "position": {"game": "gupai", "seed": 3, "actions": ["up:13"]}})
    assert a["ok"] and a["narration"] == [{"seat": 0, "zh": "甲家：出和牌。", "en": "A: Play Harmony."}]
    assert a["words"]["zh"].startswith("你的手牌（8 张）：")
    assert a["seats"][0] == {"zh": "甲家", "en": "seat A"}
    b = handle({"game": "table", "action": "play", "heard": 0, "position": {"game": "paohuzi", "seed": 3, "table": "four"}})
    assert [x["zh"] for x in b["seats"]] == ["庄家", "下家", "上家", "醒家"]
    plain = handle({"game": "table", "action": "play", "position": {"game": "gupai", "seed": 3}})
    assert "narration" not in plain and "words" not in plain  # the existing answer is unchanged


def test_every_game_seats_a_table_of_people() -> None:
    for game in ARCHIVE:
        a = handle({"game": "table", "action": "together", "of": game})
        assert a["ok"] and a["tables"] and len(a["seat_names"]) == max(t["seats"] for t in a["tables"])
        assert a["hidden"] == state_class(game).hidden_cards
    assert not handle({"game": "table", "action": "together", "of": "chess"})["ok"]


def test_the_narration_names_the_players_where_the_game_names_them() -> None:
    position = {"game": "dawei", "seed": 12, "players": 2, "actions": ["throw", "throw"]}
    plain = handle({"game": "table", "action": "play", "heard": 0, "position": position})
    named = handle({"game": "table", "action": "play", "heard": 0, "position": position, "names": ["小明", "Bo"]})
    assert plain["ok"] and named["ok"] and len(plain["narration"]) == len(named["narration"])
    assert any("小明" in x["zh"] for x in named["narration"]) and any("Bo" in x["en"] for x in named["narration"])
    assert not any("小明" in x["zh"] for x in plain["narration"])



@pytest.mark.parametrize("game", ["gupai", "yezi", "paohuzi"])
def test_the_narration_names_the_players_beside_their_seats(game: str) -> None:
    """Where a game's sentences name seats (甲家, the dealer), the table of several people tells each with the person's
    name beside it, in both languages; the sentences are otherwise the game's own."""
    st = _walk(game, {}, 5, 14)
    names = ["小明", "Bo", "Cy", "Di"][: st.num_players()]
    position = st.written()
    plain = handle({"game": "table", "action": "play", "heard": 0, "position": position})["narration"]
    named = handle({"game": "table", "action": "play", "heard": 0, "position": position, "names": names})["narration"]
    assert len(plain) == len(named) > 0
    for lang, form in (("zh", "{name}（{seat}）"), ("en", "{name} ({seat})")):
        for a, b in zip(plain, named, strict=True):
            said = b[lang]
            for s, name in enumerate(names):
                said = said.replace(form.format(name=name, seat=st.seat_words(s)[0 if lang == "zh" else 1]), "")
            assert not any(n in said for n in names), (a[lang], b[lang])  # every name stands beside its seat's words
        assert any(n in x[lang] for x in named for n in names)
    assert any(f"{names[s]}（{st.seat_words(s)[0]}）" in x["zh"] for x in named for s in range(len(names)))


def test_real_dice_are_a_choice_at_sitting_down_and_their_throw_is_entered() -> None:
    """打围 may be seated with real dice (who won the call throws first); its throw is then six faces a person enters,
    and a wrong entry is refused with the engine's reason. A game whose moves are played as they stand has no entry."""
    seated = handle({"game": "table", "action": "together", "of": "dawei"})
    real = seated["choices"][0]["answers"][1]
    assert real["setup"] == {"dice": "table"} and real["seat"]["field"] == "first" and real["people"]["zh"]
    position = {"game": "dawei", "players": 2, **real["setup"], "first": 1, "actions": ["throw:441236", "throw:70"]}
    a = handle({"game": "table", "action": "play", "position": position, "heard": 0, "names": ["小明", "小红"]})
    assert a["position"]["actions"] == ["throw:441236"] and a["to_move"] == 0
    assert "1 到 6" in a["refused"]["zh"] and "1 to 6" in a["refused"]["en"]
    assert a["narration"][0]["zh"].startswith("小红")
    entry = next(x["entry"] for x in a["actions"] if "entry" in x)
    assert entry["before"] == "throw:" and len(entry["fields"]) == 6 and all((f["lo"], f["hi"]) == (1, 6) for f in entry["fields"])
    for game in ("gupai", "yezi", "paohuzi"):
        assert handle({"game": "table", "action": "together", "of": game})["choices"] == []
        b = handle({"game": "table", "action": "play", "position": {"game": game, "seed": 3}, "heard": 0})
        assert all("entry" not in x for x in b["actions"])
