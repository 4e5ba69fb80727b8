"""The review of a reader's own game (``table.review``), drawn from the engine's answer: each decision with its
verdict in words and the sentences saying why first, the figures behind a "details" toggle.

``widgets/review.js`` asks for this view one decision at a time (a long 跑胡子 hand) or all at once, and only
inserts the parts: ``summary``, ``how`` and ``d<n>`` for each decision ``n``. Every text from the answer is escaped.
"""

from __future__ import annotations

from typing import Any

from .text import T, e

Answer = dict[str, Any]


def _fmt(x: float) -> str:
    s = f"{abs(x):.2f}"
    return ("+" if x > 0 and s != "0.00" else "−" if x < 0 and s != "0.00" else "") + s


def _figures(d: dict[str, Any], unit: dict[str, str], lang: str) -> str:
    t = T(lang)
    rows = []
    for o in d["options"]:
        marks = []
        if o["chosen"]:
            marks.append(t("你的选择", "your choice"))
        if o.get("hint"):
            marks.append(t("提示会这样走", "a hint's advice"))
        figure = _fmt(o["mean"]) + ("" if o["pm"] is None else f" ± {o['pm']:.2f}")
        cls = ("rv-chosen " if o["chosen"] else "") + ("rv-best" if o["best"] else "")
        mark = f'<span class="rv-mark"> ({e(t("，", ", ").join(marks))})</span>' if marks else ""
        rows.append(f'<tr class="{cls.strip()}" data-verdict="{e(o["verdict"])}"><td>{e(o[lang])}{mark}</td> '
                    f'<td class="rv-v">{e(o["verdict_words"][lang])}</td> <td class="rv-num">{e(figure)}</td></tr>')
    mean = t(f"平均（{unit['zh']}）", f"Mean in {unit['en']}") + ("" if d["exact"] else t(" ± 把握", " ± range"))
    head = (f'<thead><tr><th scope="col">{e(t("可走的每一步", "Each lawful option"))}</th> '
            f'<th scope="col">{e(t("评语", "Verdict"))}</th> '
            f'<th scope="col">{e(mean)}</th></tr></thead>')
    if d["exact"]:
        deals = t("每种掷法都按它的机会算准了，不用设想。", "Every way the dice can fall weighed exactly by its chance: nothing imagined.")
    else:
        deals = t(f"设想了 {d['deals']} 副你看不到的牌，每种选法都在这同样的几副里打到底。",
                  f"{d['deals']} deals of the cards you could not see imagined; every option played out in the same deals.")
    return (f'<details class="rv-details" data-role="details"><summary>{e(t("细节：数字和把握范围", "Details: the figures"))}</summary>'
            f'<div class="rv-scroll"><table class="rv-options">{head}<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="rv-deals">{e(deals)}</p></details>')


def decision(d: dict[str, Any], unit: dict[str, str], lang: str) -> str:
    """One decision: what the reader chose and its verdict, why, and the figures folded away."""
    t = T(lang)
    head = t(f"第 {d['n']} 个决定（第 {d['move']} 步）：你{d['chosen_words']['zh']}",
             f"Decision {d['n']} (move {d['move']}): you chose “{d['chosen_words']['en']}”")
    if not d["analysed"]:
        return (f'<details class="rv-decision" data-n="{int(d["n"])}"><summary>{e(head)}</summary>'
                f'<p class="rv-wait">{e(t("正在估算……", "Estimating…"))}</p></details>')
    v = d["verdict"]
    return (f'<details class="rv-decision rv-{e(v)}" data-n="{int(d["n"])}" data-verdict="{e(v)}"{" open" if v == "mistake" else ""}>'
            f'<summary>{e(head)} — <strong class="rv-verdict" data-role="verdict">{e(d["verdict_words"][lang])}</strong></summary>'
            f'<p class="rv-why" data-role="why">{e(d["why"][lang])}</p>{_figures(d, unit, lang)}</details>')


def parts(a: Answer, lang: str) -> dict[str, str]:
    """The review's parts: its summary, how the figures are made, and each decision (``d1``, ``d2``…)."""
    out = {"summary": e(a["summary"][lang]), "how": e(a["how"][lang])}
    for d in a["decisions"]:
        out[f"d{int(d['n'])}"] = decision(d, a["unit"], lang)
    return out
