"""The drawings of the games' things as SVG text, from the engine's data: 打围's dice and sticks (:mod:`.dawei`), 骨牌's
tiles (:mod:`.gupai`), 跑胡子's cards (:mod:`.paohuzi`) and 叶子戏's cards (:mod:`.yezi`).

They were the engine's (``engine/<game>/svg.py``); the engine answers the faces, codes and counts, and the views and
the build draw them here (issue 39: the engine people install with pip carries no markup)."""
