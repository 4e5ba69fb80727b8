"""Plain words for messages the reader sees, in Chinese and in English.

Every game's engine builds sentences for readers (reasons, verdicts, errors).
These helpers keep the small things right in both languages:

- :func:`plural`, :func:`count` — "1 card", "2 cards", "one six", "two sixes";
- :func:`number_word` — "one" … "twelve" for small counts in running English;
- :data:`TERMS` — a Chinese term's English name in running text ("trick" for 墩), from the
  glossary (:mod:`engine.glossary`);
- :func:`thing` — what a request field *is* for a reader ("the dice you threw"),
  so an error never names a field.
"""

from __future__ import annotations

from .glossary import TERMS as _GLOSSARY

# ---------------------------------------------------------------- numbers and plurals

_IRREGULAR = {
    "die": "dice",
    "man": "men",
    "child": "children",
    "person": "people",
    "dice": "dice",
    "fan": "fan",  # 番, a borrowed word
    "huxi": "huxi",  # 胡息
    "zhu": "zhu",  # 柱
    "deng": "deng",  # 等
    "xi": "xi",  # 戏
    "dun": "dun",  # 墩
}

_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)


def plural(word: str) -> str:
    """The English plural of a noun: six → sixes, tile → tiles, party → parties, die → dice.

    For a phrase, the last word is made plural ("red card" → "red cards").
    """
    if not word:
        return word
    head, sep, last = word.rpartition(" ")
    low = last.lower()
    if low in _IRREGULAR:
        out = _IRREGULAR[low]
    elif low.endswith(("s", "x", "z", "ch", "sh")):
        out = last + "es"
    elif low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        out = last[:-1] + "ies"
    else:
        out = last + "s"
    if last[:1].isupper() and not out[:1].isupper():
        out = out[:1].upper() + out[1:]
    return head + sep + out


def number_word(n: int) -> str:
    """"one" … "twelve" for 0–12, digits beyond (English prose style)."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def count(n: int, noun: str, plural_form: str | None = None, words: bool = False) -> str:
    """``count(1, "card")`` → "1 card"; ``count(2, "card")`` → "2 cards";
    ``count(2, "six", words=True)`` → "two sixes"."""
    shown = number_word(n) if words else str(n)
    if n == 1:
        return f"{shown} {noun}"
    return f"{shown} {plural_form or plural(noun)}"


# ---------------------------------------------------------------- glossary names

#: Chinese term → the English name running text gives it, declared beside the term in the
#: glossary (:mod:`engine.glossary`, ``name=``).
TERMS: dict[str, str] = {t.zh: t.name for t in _GLOSSARY if t.name}


# ---------------------------------------------------------------- what a request field is

#: request field → (Chinese, English) description of what it holds, for messages.
THINGS: dict[str, tuple[str, str]] = {
    "dice": ("这一掷的色子", "the dice of the throw"),
    "throw": ("这一掷的色子", "the dice of the throw"),
    "first": ("第一掷的色子", "the dice of the first throw"),
    "second": ("第二掷的色子", "the dice of the second throw"),
    "cards": ("所给的牌", "the cards given"),
    "hand": ("所给的手牌", "the hand given"),
    "card": ("所给的这张牌", "the card given"),
    "tiles": ("所给的骨牌", "the tiles given"),
    "tile": ("所给的这张骨牌", "the tile given"),
    "groups": ("所分的牌组", "the groups"),
    "open": ("摆在桌上的明牌组", "the open groups on the table"),
    "kind": ("牌组的种类", "the kind of group"),
    "plays": ("要比较的几手牌", "the plays to compare"),
    "moves": ("已经走过的几步", "the moves played so far"),
    "seed": ("局号", "the game number"),
    "players": ("人数", "the number of players"),
    "humans": ("由你来下的座位", "the seats you play"),
    "human": ("你的座位", "your seat"),
    "previous_banker": ("上一局的庄家", "the previous banker"),
    "dealer": ("庄家的座位", "the dealer's seat"),
    "thrower": ("掷骰子的人", "the player who throws the dice"),
    "lang": ("语言", "the language"),
    "games": ("要模拟的局数", "the number of games to simulate"),
    "log_tail": ("要显示的记录行数", "the number of log lines to show"),
    "width": ("图的宽度", "the width of the picture"),
    "height": ("图的高度", "the height of the picture"),
    "held": ("各家得的墩数", "the tricks each player holds"),
    "closer": ("结牌的人", "the player who closed"),
    "sealed": ("封墩的座位", "the sealed seats"),
    "contested": ("是否有人争", "whether the hand was contested"),
    "options": ("规则选项", "the rule options"),
    "rules": ("规则选项", "the rule options"),
    "huxi": ("胡息", "the huxi (胡息) count"),
    "source": ("胡牌那张牌的来处", "where the winning card came from"),
    "fouls": ("所选的犯规", "the fouls chosen"),
    "skipped": ("手中无牌而免打的次数", "the discards skipped for an empty hand"),
    "winner": ("胡牌的人", "the winner"),
    "self_drawn": ("是否自摸", "whether the win was self-drawn"),
    "fan": ("所选的番", "the fan (番) chosen"),
    "penalties": ("所选的罚分", "the penalties chosen"),
    "seat": ("座位", "the seat"),
    "from_upper": ("牌从哪一家来", "which player the card came from"),
    "choice": ("所选的分掷", "the split chosen"),
    "drop_chance": ("掉签的概率", "the chance of dropping a stick"),
    "series": ("是否连打", "whether to play a series"),
    "state": ("这一局的进度", "the state of the game"),
    "check": ("要检查的出牌", "the play to check"),
    "closer_tiles": ("结牌者的牌", "the closing player's tiles"),
    "run_each": ("每一手的张数", "the number of tiles in each play"),
    "run_tiles": ("各手出的牌", "the tiles of each play"),
    "answer": ("所选的答案", "the answer chosen"),
    "index": ("第几题", "which exercise"),
    "lesson": ("课", "the lesson"),
    "step": ("这一步", "the step"),
    "actions": ("已经做过的几步", "the moves made so far"),
    "birds": ("打鸟的设定", "the bird bets"),
    "computer": ("电脑玩家的设定", "the computer players"),
    "level": ("电脑的水平", "the computer's level"),
    "match": ("比赛的设定", "the match"),
    "table": ("桌上的人数", "the table"),
    "variant": ("玩法", "the way of playing"),
    "my_groups": ("你分的两组牌", "your two groups"),
    "my_seat": ("你的座位", "your seat"),
    "tricks": ("各家的墩数", "the tricks"),
    "hands": ("各家的手牌", "the hands"),
    "seats": ("座位", "the seats"),
    "action": ("要做的事", "what to do"),
    "game": ("游戏", "the game"),
}

#: a list field's unit: field -> (Chinese measure word, Chinese noun, English singular noun)
UNITS: dict[str, tuple[str, str, str]] = {
    "dice": ("颗", "色子", "die"),
    "throw": ("颗", "色子", "die"),
    "first": ("颗", "色子", "die"),
    "second": ("颗", "色子", "die"),
    "cards": ("张", "牌", "card"),
    "hand": ("张", "牌", "card"),
    "tiles": ("张", "骨牌", "tile"),
    "groups": ("组", "牌", "group"),
    "open": ("组", "明牌", "group"),
    "plays": ("手", "牌", "play"),
    "moves": ("步", "", "move"),
    "humans": ("个", "座位", "seat"),
    "held": ("个", "数", "number"),
    "my_groups": ("组", "牌", "group"),
    "actions": ("步", "", "move"),
    "run_tiles": ("手", "牌", "play"),
    "sealed": ("个", "座位", "seat"),
    "fouls": ("项", "犯规", "foul"),
    "fan": ("项", "番", "fan"),
    "penalties": ("项", "罚分", "penalty"),
}


def thing(name: str) -> tuple[str, str]:
    """What the field ``name`` holds, in words (never the field's own name)."""
    if name in THINGS:
        return THINGS[name]
    return ("请求中的一项", "one of the values given")


def unit(name: str) -> tuple[str, str, str]:
    """The unit of a list field: ("张", "牌", "card"); a neutral one when unknown."""
    return UNITS.get(name, ("项", "", "item"))


def capitalize(s: str) -> str:
    """First letter upper-case (for an English sentence that starts with a phrase)."""
    return s[:1].upper() + s[1:] if s else s
