"""Hands dealt at a real table: the record gives the cards instead of a seed.

A record with ``[Deal "table"]`` names no seed: it says what each seat was dealt (``Hands``,
the seats' cards joined by ``;``, each seat's cards by ``.``) and, for 跑胡子, the stock in the
order its cards are turned (``Stock``, the first card turned first; the last is the card 打鸟
reads) and the cards set aside at a table of two (``Aside``). The rules applied are the engine's
own; only the deal comes from the table.

Each game's own state reads its deal, in its own folder (a seeded hand and a hand dealt at a table are one state
class, told apart by the setup's ``deal``); the registry of games says which games take one (its ``table_deal``),
so this package imports no game. The helpers they share (a field of codes, each seat's hand, the
whole set) are :mod:`engine.protocol.table_deal`'s.

* 跑胡子 / 下灌字牌 (its own :class:`engine.paohuzi.state.PaohuziState`, given the cards instead of a seed): ``Variant``, ``Table``, ``Hands`` (dealer
  first, then his next player …), ``Stock``, ``Aside``; the moves as in a seeded hand.
* 鄂南骨牌 (its own :class:`engine.gupai.state.GupaiState`, given the tiles instead of a seed): ``Dealer``, ``Sealed``, ``Hands`` (seat A first), the
  tiles by their codes (``66.12.…``); the moves as in a seeded hand.
* 下灌叶子戏 (its own :class:`engine.yezi.state.YeziState`, which records the deal it is given, seeded or
  not): ``Thrower``, ``Hands`` (seat A first), cards by their codes (``1``…``10``, ``leaf``); the moves
  as in a seeded round. A showing judged at a table is written so (:func:`engine.yezi.records.table_showing`).
"""

from __future__ import annotations

from ..registry import entries

#: the games whose records may give the cards a real table dealt (the registry's ``table_deal``)
DEALT = tuple(g for g, e in entries().items() if e.table_deal)

__all__ = ["DEALT"]
