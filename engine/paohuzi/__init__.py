"""跑胡子 (paohuzi): the 80-card zi pai of Hunan, after the booklet 《跑胡子游戏方法和比赛规则》.

Layout (decomposition apart from scoring, as in a mahjong hand divider):

* :mod:`.cards`    — :class:`Card` (big/small, rank), codes ``x1``–``x10``, ``d1``–``d10``, 一…十, 壹…拾
* :mod:`.groups`   — group kinds (对 坎 偎 碰 顺 编 跑 提), declared once, and the 胡息 of a group
* :mod:`.config`   — :class:`RuleConfig`: every rule parameter and option in one frozen object
* :mod:`.arrange`  — the best layout of concealed cards (never splits a 坎 or 提)
* :mod:`.hu`       — does a card win a ready hand, how (起手胡 … 两头胡), or why not (诈胡 reasons)
* :mod:`.fan`      — 戏 → 等, and the 番 (each declared once in ``FANS``)
* :mod:`.settle`   — the 积分表 of one deal, with 醒筹, 荒牌 and penalties A–G
* :mod:`.state`    — a deal in progress up to the first discard (seeded deal, 亮提, 起手胡, 收张), and the whole hand
  as one seeded state machine, which is also the game's protocol state (:class:`.state.PaohuziState`: the protocol's
  ``legal_actions``/``apply`` with move ids; its own ``moves(seat)``, ``play(action)`` with :class:`.table.Action`
  values, fouls refused or charged; opened from a written position, or ``new_hand(seed, cfg, table)``)
* :mod:`.table`    — what the hand is made of (moves, groups on the table, the log's entries, the card on offer, the
  rules named by every refusal, the ways to 吃); :mod:`.ai` — computer players; :mod:`.match` — a match from one
  seed (摸庄, 抢庄, the sheet)
* at the table: :mod:`.seating` (tables of 4/3/2, the computer seats, a hand's sheet), :mod:`.birds` (打鸟),
  :mod:`.request` (a request read: options, moves, the ``play`` fields), :mod:`.labels` (a move in words),
  :mod:`.json_helpers` (the JSON pieces every answer shares), :mod:`.views` (a hand as a seat sees it, its result),
  :mod:`.play` (the ``play`` API), :mod:`.computer_hands` (statistics of computer hands, a hand told move by move),
  :mod:`.xiaguan` (下灌字牌 as a variant: its config and its words). Imports go one way (tests/paohuzi/test_imports.py).
* :mod:`.extremes` — the most a hand can score (the booklet's 75 huxi, checked)
* :mod:`.actions` — the API (the card faces are drawn by ``views.draw.paohuzi``); :mod:`.trace` — rules ↔ source passages

How a variant plugs in (for example 下灌字牌, the appendix of yezixi.txt)
-------------------------------------------------------------------------

A variant reuses the cards, groups and search, and differs only by a
:class:`RuleConfig` built with :func:`dataclasses.replace` (下灌字牌's own is :data:`.xiaguan.XIAGUAN`)::

    from dataclasses import replace
    from engine.paohuzi.config import DEFAULT, DEFAULT_HUXI

    XIAGUAN = replace(
        DEFAULT,
        hand_size=20,                      # the banker's 21st card is his first play
        pairs_per_ti=1,                    # 对子: one for each 开招 (four alike) in the layout
        kinds=frozenset({"dui", "kan", "wei", "peng", "shun", "bian", "pao", "ti"}),
        huxi=tuple(sorted({**DEFAULT_HUXI, ...}.items())),   # its own values, if any
    )
    arrange(cards, XIAGUAN); evaluate(open_groups, hand, card, "self", XIAGUAN)

Group kinds are named by :data:`.groups.KINDS` (a variant may give them its own
names in its own pages: 开招 = ``ti``/``pao``, 坎子 = ``kan``, 半边 = the mixed
``bian``, 二七十 = the red ``bian``, 扫牌 = ``wei``). Every function takes the
config as its last argument and reads rules only from it; the search caches are
keyed by the config, so two variants never share results. A variant declares
its own ``trace.py`` (RULES/GAPS/OPTIONS) and ``actions.py`` in its own package
and calls these functions; it should not edit this package's defaults.
"""
