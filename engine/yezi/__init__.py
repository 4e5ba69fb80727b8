"""下灌叶子戏 (Yezixi of Xiaguan) and its appendix 下灌字牌.

Source: ``shared/sources/yezixi.txt``. Cards are small ints: ``0`` is the
leaf (叶), ``1``–``10`` the cipher numerals 豆 贝 参 长 人 土 才 别 王 合.

Modules: :mod:`.cards` (deck, codes), :mod:`.combos` (the eight named
combinations), :mod:`.best` (best split of a hand), :mod:`.round` (a round's deal
and scoring), :mod:`.state` (a round of four in progress: the game's state, which
is the protocol), :mod:`.odds` (exact numbers), :mod:`.zipai` (下灌字牌),
:mod:`.config` (rule options), :mod:`.actions` (API). The card faces are drawn by
``views.draw.yezi``.
"""
