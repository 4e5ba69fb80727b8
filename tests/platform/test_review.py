"""The review of a reader's own game (table.review): the strong level's estimate of every lawful
option at each of the seat's decisions, the reader's choice among them, the costliest marked and
explained in both languages, the same answer for the same request, and bad input answered in words."""

from __future__ import annotations

import pytest

from engine.api import BUDGET, cost, handle
from engine.protocol import ADAPTERS, open_state
from engine.protocol.review import EXAMPLES, GUPAI_7
from engine.protocol.strong import COVERED, basic_action
from engine.registry import GameEntry

GUPAI = {"game": "table", "action": "review", "seat": 0, "position": {"game": "gupai", "seed": 7, "actions": GUPAI_7}}


@pytest.fixture(scope="module")
def gupai_review() -> dict:
    a = handle(GUPAI)
    assert a["ok"], a
    return a


def _cjk(s: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in s)


def test_every_lawful_option_is_estimated_at_every_decision(gupai_review: dict) -> None:
    st = open_state({"game": "gupai", "seed": 7})
    seen = 0
    for a in GUPAI_7:
        if st.current_player() == 0 and len(st.legal_actions()) > 1:
            d = gupai_review["decisions"][seen]
            assert d["chosen"] == a and d["analysed"]
            assert sorted(o["id"] for o in d["options"]) == sorted(st.legal_actions())
            assert [o["id"] for o in d["options"] if o["chosen"]] == [a]
            # "best" is the option the figures rank first, and only when every other is clearly worse
            means = [o["mean"] for o in d["options"]]
            assert means == sorted(means, reverse=True) and d["options"][0]["top"] and d["options"][0]["id"] == d["top"]
            assert [o["id"] for o in d["options"] if o["best"]] == ([d["top"]] if d["best"] else [])
            assert (d["best"] is not None) == all(o["verdict"] in ("pity", "mistake") for o in d["options"][1:])
            assert all(o["pm"] is not None and o["pm"] >= 0 for o in d["options"])
            top = d["options"][0]["mean"]
            mine = next(o["mean"] for o in d["options"] if o["chosen"])
            assert d["loss"] == pytest.approx(top - mine if d["costly"] else 0.0, abs=2e-3)
            seen += 1
        st.apply(a)
    assert seen == gupai_review["total"] == len(gupai_review["decisions"]) >= 3


def test_every_decision_gets_a_verdict_and_a_reason_in_both_languages(gupai_review: dict) -> None:
    marked = [d for d in gupai_review["decisions"] if d["costliest"]]
    assert len(marked) <= gupai_review["marked"] and gupai_review["level"] == handle({"game": "table", "action": "levels"})["review"]
    order = sorted(marked, key=lambda d: (d["verdict"] != "mistake", -d["loss"]))
    assert marked and [d["n"] for d in order] == gupai_review["costliest"]
    assert all(d["costly"] and not d["agreed"] and d["loss"] > 0 for d in marked)
    words = {k: v for k, v in gupai_review["verdicts"].items()}
    assert set(words) == {"best", "equal", "pity", "mistake"}
    for d in gupai_review["decisions"]:
        assert d["verdict_words"] == words[d["verdict"]] and _cjk(d["why"]["zh"]) and not _cjk(d["why"]["en"].replace("结牌", ""))
        if d["costly"]:
            assert "keeps" in d["why"]["en"] or "spends" in d["why"]["en"]
            assert d["best_words"]["zh"] in d["why"]["zh"] and d["best_words"]["en"] in d["why"]["en"]
        else:
            assert ("face up" in d["why"]["en"] or "face down" in d["why"]["en"]) and "这一圈" in d["why"]["zh"]
    # hand 7: leading 天 at once loses the last trick; the review says the better lead keeps it
    first = gupai_review["decisions"][0]
    assert first["costliest"] and "Heaven" in first["why"]["en"] and "天牌" in first["why"]["zh"]
    assert _cjk(gupai_review["summary"]["zh"]) and "decisions" in gupai_review["summary"]["en"]


def test_the_same_request_gives_the_same_review(gupai_review: dict) -> None:
    assert handle(GUPAI) == gupai_review


def test_the_review_is_costed_within_the_budget() -> None:
    for ex in EXAMPLES:
        assert 0 < cost("table", "review", ex["request"]) <= BUDGET
        assert handle(ex["request"])["ok"]


def test_a_paohuzi_hand_reviewed_a_decision_at_a_time() -> None:
    st = open_state({"game": "paohuzi", "seed": 3})
    while not st.is_terminal():
        st.apply(basic_action(st))
    req = {"game": "table", "action": "review", "seat": 0, "position": st.written(), "decisions": [2]}
    a = handle(req)
    assert a["ok"], a
    rows = a["decisions"]
    assert [r["analysed"] for r in rows] == [r["n"] == 2 for r in rows]
    d = rows[1]
    assert len(d["options"]) >= 2 and sum(o["chosen"] for o in d["options"]) == 1 and d["deals"] >= 2
    assert a["unit"] == {"zh": "分", "en": "points"} and a["over"] and abs(sum(a["returns"])) < 1e-9
    assert handle(req) == a


def test_a_paohuzi_discard_is_explained_by_the_cards_seen() -> None:
    st = open_state({"game": "paohuzi", "seed": 3})
    why = st.review_why(0, "discard:x8", "discard:d8")
    assert why is not None
    zh, en = why
    assert "小八" in zh and "大捌" in zh and "unseen" in en and "碰" in en


@pytest.mark.parametrize("game", sorted(ADAPTERS))
def test_every_game_answers_a_review_request(game: str) -> None:
    st = open_state({"game": game, "seed": 2})
    seat = None
    for _ in range(st.max_actions + 1):
        if st.is_terminal():
            break
        if seat is None and len(st.legal_actions()) > 1:
            seat = st.current_player()  # the first seat with a choice to make
        st.apply(basic_action(st) if game in COVERED else st.legal_actions()[0])
    assert seat is not None
    a = handle({"game": "table", "action": "review", "seat": seat, "position": st.written(), "decisions": [1]})
    if game in COVERED:
        assert a["ok"], a
        assert a["decisions"] and a["decisions"][0]["options"] and _cjk(a["summary"]["zh"])
    else:  # refused in words until the strong level plays that game
        assert not a["ok"] and _cjk(a["error"]["zh"]) and "reviewed" in a["error"]["en"]


@pytest.mark.parametrize("req", [
    {"game": "table", "action": "review"},
    {"game": "table", "action": "review", "position": {"game": "gupai", "seed": 1}},
    {"game": "table", "action": "review", "seat": 7, "position": {"game": "gupai", "seed": 1}},
    {"game": "table", "action": "review", "seat": 0, "position": {"game": "chess"}},
    {"game": "table", "action": "review", "seat": 0, "position": {"game": "gupai", "seed": 1, "actions": ["up:99"]}},
    {"game": "table", "action": "review", "seat": 0, "position": {"game": "gupai", "seed": 1, "actions": "up:66"}},
    {"game": "table", "action": "review", "seat": 0, "decisions": [0], "position": {"game": "gupai", "seed": 1}},
    {"game": "table", "action": "review", "seat": 0, "decisions": list(range(1, 80)), "position": {"game": "gupai", "seed": 1}},
    {"game": "table", "action": "review", "seat": 0, "position": {"game": "gupai", "seed": -3}},
])
def test_bad_input_is_answered_in_words(req: dict) -> None:
    a = handle(req)
    assert a["ok"] is False and _cjk(a["error"]["zh"]) and a["error"]["en"][:1].isupper()


def test_a_paohuzi_hand_given_as_the_tables_moves_is_written_out_and_reviewed() -> None:
    moves: list[dict] = []
    for _ in range(60):
        a = handle({"game": "paohuzi", "action": "play", "seed": 5, "actions": moves})
        if a["over"] or not a["actions"]:
            break
        moves.append({"id": a["actions"][-1]["id"]})
    r = handle({"game": "table", "action": "review", "seat": 0, "hand": {"seed": 5, "actions": moves}, "decisions": [1]})
    assert r["ok"], r
    st = open_state(r["position"])  # the whole hand, the computer seats' moves included
    assert st.is_terminal() and len(r["position"]["actions"]) > len(moves)
    assert r["decisions"][0]["analysed"] and not r["decisions"][-1]["analysed"] or r["total"] == 1
    bad = handle({"game": "table", "action": "review", "seat": 0, "hand": {"seed": 5, "actions": [{"id": "discard:x99"}]}})
    assert not bad["ok"] and _cjk(bad["error"]["zh"])


def test_the_levels_are_named_in_words() -> None:
    a = handle({"game": "table", "action": "levels"})
    assert [x["id"] for x in a["levels"]] == ["basic", "strong"]
    assert all(_cjk(x["zh"]) and _cjk(x["short"]["zh"]) and x["short"]["en"].isalpha() for x in a["levels"])
    assert "gupai" in a["games"] and "paohuzi" in a["games"]
    assert a["review"] in [x["id"] for x in a["levels"]]  # the level that reviews, which a review answer names
    assert [x["slow"] for x in a["levels"]] == [False, True]  # the strong level plays every move out


def _finished(game: str, seed: int) -> dict:
    st = open_state({"game": game, "seed": seed})
    while not st.is_terminal():
        st.apply(basic_action(st))
    return st.written()


@pytest.mark.parametrize("game,seed", [("dawei", 2), ("dawei", 65), ("yezi", 2), ("yezi", 65)])
def test_dawei_and_yezi_reviews_estimate_every_lawful_option(game: str, seed: int) -> None:
    position = _finished(game, seed)
    req = {"game": "table", "action": "review", "seat": 0, "position": position}
    assert 0 < cost("table", "review", req) <= BUDGET
    a = handle(req)
    assert a["ok"], a
    st = open_state({"game": game, "seed": seed})
    rows = iter(a["decisions"])
    for move in position["actions"]:
        if st.current_player() == 0 and len(st.legal_actions()) > 1:
            d = next(rows)
            lawful = set(st.legal_actions())
            ids = {o["id"] for o in d["options"]}
            # 打围 weighs every lawful option; 叶子戏 weighs the splits worth playing out (the basic one among them)
            assert ids == lawful if game == "dawei" else (ids <= lawful and len(ids) >= 2)
            assert d["chosen"] == move and d["chosen"] in ids and d["top"] in ids
            assert d["exact"] == (game == "dawei")
        st.apply(move)
    assert next(rows, None) is None
    assert a["unit"] == {"zh": "分", "en": "points"} and abs(sum(a["returns"])) < 1e-9
    assert handle(req) == a


def test_the_dawei_review_marks_the_sweep_left_on_the_table() -> None:
    """Seed 65: the basic player scores the straight at once; the strong level splits and throws again
    (the 顺斗顺 sweep weighed exactly), and the review marks that decision as the costliest, in words."""
    a = handle({"game": "table", "action": "review", "seat": 0, "position": _finished("dawei", 65)})
    assert a["ok"], a
    d = a["decisions"][0]
    assert d["chosen"] == "take:straight" and d["top"].startswith("split:") and d["loss"] > 2
    assert d["costly"] and d["costliest"] and a["costliest"] == [1]
    assert "算准" in a["how"]["zh"] and "by its chance" in a["how"]["en"] and "deal" not in a["how"]["en"]


def test_a_yezi_split_the_strong_level_would_not_consider_is_reviewed_too() -> None:
    """The reader's own split, even one without a combination (which the strong level does not play
    out when it decides), is estimated beside the splits worth playing: seed 8, cards dealt alternately."""
    base = {"game": "yezi", "action": "round", "seed": 8, "options": {"scoring": "rank"}, "level": "strong"}
    hand = handle(base)["players"][0]["hand"]
    mine = [[hand[i] for i in (0, 2, 4, 6)], [hand[i] for i in (1, 3, 5, 7)]]
    m = handle(dict(base, my_seat=0, my_groups=mine))
    a = handle({"game": "table", "action": "review", "seat": 0, "position": m["position"]})
    assert a["ok"], a
    d = a["decisions"][0]
    chosen = [o for o in d["options"] if o["chosen"]]
    assert len(chosen) == 1 and chosen[0]["id"] == d["chosen"] == "split:" + ".".join(mine[0]) + "|" + ".".join(mine[1])
    assert len(d["options"]) >= 3 and d["top"] != d["chosen"] and d["costly"] and d["loss"] > 0.5


def _dawei_at_strong(seed: int) -> dict:
    """A 打围 game at the strong level where the reader (seat A) always takes the first way offered."""
    moves: list[str] = []
    for _ in range(200):
        a = handle({"game": "dawei", "action": "play", "players": 4, "seed": seed, "humans": [0], "moves": moves,
                    "log_tail": 0, "level": "strong"})
        assert a["ok"], a
        if a["terminal"]:
            return a["position"]
        moves.append(a["legal"][0]["action"] if a["legal"][0]["action"] != "throw" else "auto:choice")
    raise AssertionError("the game did not end")


def test_the_dawei_review_says_what_the_split_keeps_and_risks() -> None:
    """Seed 65: the better choice is to split the tiger; the reason gives the second throw's chance of the
    stick, the chance and haul of the 顺斗顺 sweep, and the sure gain the reader took instead, in both languages."""
    from engine.dawei.game import break_even
    from engine.dawei.options import DEFAULT
    from engine.dawei.dice import ALL_OUTCOMES
    from engine.dawei.split import STRAIGHTS

    position = _finished("dawei", 65)
    a = handle({"game": "table", "action": "review", "seat": 0, "position": position})
    d = a["decisions"][0]
    st = open_state(dict(position, actions=position["actions"][: d["move"] - 1]))
    opts = {o.action: o for o in st.pending}
    best, mine = opts[d["top"]], opts[d["chosen"]]
    zh, en = d["why"]["zh"], d["why"]["en"]
    p_sweep = f"{100 * STRAIGHTS / ALL_OUTCOMES:.1f}%"
    p_win = f"{100 * (float(best.chance) - STRAIGHTS / ALL_OUTCOMES):.1f}%"
    haul = f"{float(break_even(4, DEFAULT)) * 3:g}"
    assert "顺斗顺" in zh and "sweep" in en and p_sweep in zh and p_sweep in en and haul in zh and haul in en
    assert p_win in zh and p_win in en and f"{best.zhu} 柱" in zh and f"{best.zhu} 柱" in en
    assert f"稳得 {mine.zhu} 柱" in zh and f"a sure {mine.zhu} 柱" in en
    assert "冒落空的险" in zh and "risk of a miss" in en


def test_the_dawei_review_compares_two_splits_and_a_sure_take() -> None:
    """Seed 2, the reader taking the first way each time: every costly decision says in both languages what
    the strong level's choice and the reader's keep or risk; two splits are compared by what a success gains."""
    a = handle({"game": "table", "action": "review", "seat": 0, "position": _dawei_at_strong(2)})
    assert a["ok"], a
    costly = [d for d in a["decisions"] if d["costly"]]
    assert len(costly) >= 3
    for d in costly:
        assert "强水平的选择：" in d["why"]["zh"] and "你的选择：" in d["why"]["zh"]
        assert "The strong level's choice: " in d["why"]["en"] and "; yours: " in d["why"]["en"]
    both = [d for d in costly if d["top"].startswith("split:") and d["chosen"].startswith("split:")]
    assert both and all("成了得的柱更多" in d["why"]["zh"] and "a success gains more" in d["why"]["en"] for d in both)
    took = [d for d in costly if d["chosen"].startswith("take:")]
    assert took and all("稳得" in d["why"]["zh"] and "a sure" in d["why"]["en"] for d in took)


def _yezi_played(seed: int, scoring: str, pick) -> dict:
    st = open_state({"game": "yezi", "seed": seed, "options": {"scoring": scoring}})
    mine = True
    while not st.is_terminal():
        if st.current_player() == 0 and mine and len(st.legal_actions()) > 1:
            st.apply(pick(st))
            mine = False
        else:
            st.apply(basic_action(st))
    return st.written()


def test_the_yezi_review_says_which_group_to_show_second_and_why() -> None:
    """Under placings (seed 1) the reader shows the combination first, as the basic level does; the strong
    level shows the same groups the other way round, and the reason names the combination kept for the
    second showing and why it places better there, in both languages."""
    from engine.yezi.combos import classify
    from engine.yezi.state import move_cards

    def _yezi_groups(move: str) -> tuple:  # a split's two groups, in the order shown
        first, _, second = move.partition(":")[2].partition("|")
        return move_cards(first), move_cards(second)

    a = handle({"game": "table", "action": "review", "seat": 0, "position": _yezi_played(1, "placing", basic_action)})
    d = a["decisions"][0]
    assert d["costly"], d
    first, second = _yezi_groups(d["top"])
    assert sorted(_yezi_groups(d["chosen"])) == sorted((first, second))
    combo = classify(second)
    assert combo is not None and (classify(first) is None or classify(first).rank > combo.rank)
    zh, en = d["why"]["zh"], d["why"]["en"]
    assert "同样的两组" in zh and f"{combo.zh}，第 {combo.rank} 等" in zh and "第二次亮" in zh and "散牌" in zh
    assert "The same two groups" in en and f"the {combo.en}, rank {combo.rank}" in en and "second showing" in en


def test_the_yezi_review_says_what_a_better_split_makes() -> None:
    """Seed 2 under placings: the reader's split makes no combination; the reason says the better one makes one."""
    a = handle({"game": "table", "action": "review", "seat": 0,
                "position": _yezi_played(2, "placing", lambda st: st.legal_actions()[14 % len(st.legal_actions())])})
    d = a["decisions"][0]
    assert d["costly"], d
    assert "凑成了一个组合，你的一个也没有" in d["why"]["zh"] and "it makes one combination, yours none" in d["why"]["en"]
    assert "流散对" in d["why"]["zh"] and "scattered group" in d["why"]["en"]


def test_a_hand_of_a_match_is_reviewed_from_the_moves_the_match_wrote() -> None:
    """The 跑胡子 table reviews a finished hand of a match from the answer's ``match.played`` (every seat's moves of
    that hand, widgets/zipai.js): the hand's seed and the reader's seat in it give a position the review replays to
    its end, and the reader's own moves are its decisions."""
    req = {"game": "paohuzi", "action": "play", "table": "four", "seed": 11, "match": {"hands": 2}}
    moves: list[dict] = []
    for _ in range(80):
        a = handle(dict(req, actions=moves))
        assert a["ok"], a
        if a["over"]:
            break
        moves.append({"id": a["actions"][-1]["id"]})
    assert a["over"] and a["match"]["next"] and any(s["you"] for s in a["seats"])
    played = a["match"]["played"][-1]
    position = {"game": "paohuzi", "variant": "paohuzi", "table": "four", "seed": a["seed"], "actions": played}
    st = open_state(position)
    assert st.is_terminal()
    r = handle({"game": "table", "action": "review", "seat": a["viewer"], "position": position, "decisions": [1]})
    assert r["ok"], r
    mine = iter(m["id"] for m in moves)
    assert r["decisions"] and all(d["chosen"] in mine for d in r["decisions"])  # the reader's moves, in order
    assert r["decisions"][0]["analysed"] and sum(o["chosen"] for o in r["decisions"][0]["options"]) == 1


def _paohuzi_following_the_hint(seed: int, moves: int) -> list[str]:
    played: list[str] = []
    for _ in range(moves):
        a = handle({"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "actions": [{"id": m} for m in played]})
        if a["over"]:
            break
        played.append(a["hint"]["id"])
    return played


def _check_verdicts(a: dict) -> None:
    """Every analysed decision: "best" belongs to the option its own figures rank first, and to no other; an option
    called worse than "as good as the best" is clearly worse than it (its paired difference outside the range)."""
    for d in a["decisions"]:
        if not d["analysed"]:
            continue
        top = max(d["options"], key=lambda o: o["mean"])
        assert d["options"][0]["id"] == d["top"] and d["options"][0]["mean"] == top["mean"]
        assert all(not o["best"] for o in d["options"][1:])
        if d["best"] is not None:
            assert d["best"] == d["top"] and d["options"][0]["best"]
            assert all(o["mean"] < top["mean"] for o in d["options"][1:])


@pytest.mark.parametrize("seed", [90777, 7])
def test_a_paohuzi_hand_following_the_hint_has_no_mistake(seed: int) -> None:
    """The reader follows the Hint (the tables' first level) at every decision: the review calls none of them a
    mistake, and each "best" is the option its figures rank first (seed 90777: the issue's four seats, 12 moves)."""
    moves = _paohuzi_following_the_hint(seed, 12)
    req = {"game": "table", "action": "review", "seat": 0, "hand": {"seed": seed, "table": "four", "actions": [{"id": m} for m in moves]}}
    total = handle(dict(req, decisions=[1]))["total"]
    assert total >= 2
    for n in range(1, total + 1):
        a = handle(dict(req, decisions=[n]))
        assert a["ok"], a
        d = a["decisions"][n - 1]
        assert d["followed_hint"] and d["verdict"] != "mistake", d
        assert d["deals"] >= 10 and d["why"]["zh"] and d["why"]["en"]
        _check_verdicts(a)
    s = handle({"game": "table", "action": "review_summary", "of": "paohuzi", "verdicts": ["best", "equal", "pity"]})
    assert s["ok"] and "没有失误" in s["summary"]["zh"] and "3 decisions" in s["summary"]["en"] and "No mistake" in s["summary"]["en"]


def test_a_dawei_review_speaks_of_dice_and_following_the_hint_is_no_mistake() -> None:
    setup = {"game": "dawei", "action": "play", "players": 4, "seed": 5, "humans": [0], "log_tail": 0, "level": "basic"}
    moves: list[str] = []
    for _ in range(400):
        a = handle(dict(setup, moves=moves))
        if a["terminal"]:
            break
        if a["legal"][0]["action"] == "throw":
            moves.append("auto:choice")
        else:
            moves.append(a["hint"]["action"])
    assert a["terminal"]
    r = handle({"game": "table", "action": "review", "seat": 0, "position": a["position"]})
    assert r["ok"] and r["total"] >= 3
    _check_verdicts(r)
    assert all(d["verdict"] != "mistake" for d in r["decisions"])
    for lang in ("zh", "en"):
        text = " ".join([r["how"][lang], r["summary"][lang]] + [d["why"][lang] for d in r["decisions"]])
        for word in ("card", "deal", "others", "牌", "别家"):
            assert word not in text, (word, text)
    assert "骰" in r["how"]["zh"] and "dice" in r["how"]["en"]


def test_the_review_view_puts_the_verdict_and_reason_first_and_the_figures_behind_details() -> None:
    import re
    from html import escape

    import views

    for lang in ("zh", "en"):
        a = views.answer({"view": "table-review", "lang": lang, "request": {**GUPAI, "decisions": [1, 2]}})
        assert a["ok"] and set(a["html"]) == {"summary", "how"} | {f"d{d['n']}" for d in a["decisions"]}
        assert a["html"]["summary"] == escape(a["summary"][lang])
        for d in a["decisions"]:
            html = a["html"][f"d{d['n']}"]
            if not d["analysed"]:
                assert "rv-wait" in html and "rv-options" not in html
                continue
            summary = re.search(r"<summary>(.*?)</summary>", html).group(1)
            assert escape(d["verdict_words"][lang]) in summary and f'data-verdict="{d["verdict"]}"' in html
            # the reason before the figures, and the figures inside a closed "details"
            assert html.index('data-role="why"') < html.index('data-role="details"') < html.index("rv-options")
            assert re.search(r'<details class="rv-details" data-role="details">', html)
            assert html.count("<tr ") == len(d["options"])
    # engine text stays text
    from views.review import decision

    d = {"n": 1, "move": 1, "analysed": False, "chosen_words": {"zh": "<script>", "en": "<script>"}}
    assert "<script>" not in decision(d, {"zh": "分", "en": "points"}, "en")


def test_a_new_game_gets_the_strong_level_and_a_review_without_a_line_of_its_own(toy: GameEntry) -> None:
    """DEVELOPING.md's 猜单双, registered as it says and nothing more: the strong level weighs its guess (holding
    one pebble, the total is even two times in three: the strong level leaves the basic player's "odd"), a table
    answers at the strong level, and a review of a whole game judges each of the reader's decisions in words."""
    from engine.protocol.strong import strong_choice

    st = open_state({"game": "caidanshuang", "seed": 1, "actions": ["hide:1", "hide:2"]})
    assert basic_action(st) == "odd"
    c = strong_choice(st, 400, seed=1)
    est = {e.action: e.mean for e in c.estimates}
    assert c.action == "even" and est["even"] > 0 > est["odd"] and c.deals == 200

    play = handle({"game": "table", "action": "play", "level": "strong", "position": st.written()})
    assert play["ok"] and play["choice"]["level"] == "strong", play
    assert {e["id"] for e in play["choice"]["estimates"]} == {"odd", "even"} and play["choice"]["deals"] >= 1

    finished = dict(st.written(), actions=["hide:1", "hide:2", "odd"])
    a = handle({"game": "table", "action": "review", "seat": 0, "position": finished})
    assert a["ok"], a
    assert [d["chosen"] for d in a["decisions"]] == ["hide:1", "odd"] and a["over"] and a["returns"] == [1.0, -1.0]
    guess = a["decisions"][1]
    assert guess["top"] == "even" and guess["verdict"] != "best" and guess["verdict_words"]["en"]
    assert {o["id"] for o in guess["options"]} == {"odd", "even"} and a["unit"] == {"zh": "分", "en": "points"}
    assert _cjk(guess["why"]["zh"]) and guess["why"]["en"][:1].isupper() and _cjk(a["summary"]["zh"])
