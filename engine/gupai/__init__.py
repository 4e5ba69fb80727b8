"""鄂南骨牌 (Gupai of southern Hubei), a 32-tile domino trick game for four.

Source: ``shared/sources/gupai.txt``. Modules: :mod:`.tiles` (the 32 tiles,
classes and ranks), :mod:`.plays` (singles, pairs, 至尊, 套子, comparing),
:mod:`.hand` (dealing, the moves, the lead rules), :mod:`.state` (a hand in play:
:class:`~.state.GupaiState`, the game protocol's state), :mod:`.scoring` (墩
settlement, 结牌, 八马, 封墩), :mod:`.config` (rule options), :mod:`.trace` (rules to passages), :mod:`.actions` (API). The tiles are drawn by ``views.draw.gupai``.
"""
