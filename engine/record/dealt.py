"""Hands dealt at a real table: the record gives the cards instead of a seed.

A record with ``[Deal "table"]`` names no seed: it says what each seat was dealt (``Hands``,
the seats' cards joined by ``;``, each seat's cards by ``.``) and, for 跑胡子, the stock in the
order its cards are turned (``Stock``, the first card turned first; the last is the card 打鸟
reads) and the cards set aside at a table of two (``Aside``). The rules applied are the engine's
own; only the deal comes from the table.

Each game reads its own deal, in its own folder: the registry of games names the state that plays it (its
``dealt``), so this package imports no game. The helpers they share (a field of codes, each seat's hand, the
whole set) are :mod:`engine.protocol.table_deal`'s.

* 跑胡子 / 下灌字牌 (:class:`engine.paohuzi.records.PaohuziDealtState`): ``Variant``, ``Table``, ``Hands`` (dealer
  first, then his next player …), ``Stock``, ``Aside``; the moves as in a seeded hand.
* 鄂南骨牌 (:class:`engine.gupai.records.GupaiDealtState`): ``Dealer``, ``Sealed``, ``Hands`` (seat A first), the
  tiles by their codes (``66.12.…``); the moves as in a seeded hand.
* 下灌叶子戏 (its own :class:`engine.yezi.state.YeziState`, which records the deal it is given, seeded or
  not): ``Thrower``, ``Hands`` (seat A first), cards by their codes (``1``…``10``, ``leaf``); the moves
  as in a seeded round. A showing judged at a table is written so (:func:`engine.yezi.records.showing_record`).
"""

from __future__ import annotations

from ..registry import entries

#: game id -> "module:Class" of the state of a hand dealt at a real table (the registry's ``dealt``)
DEALT = {g: e.dealt for g, e in entries().items() if e.dealt}

__all__ = ["DEALT"]
