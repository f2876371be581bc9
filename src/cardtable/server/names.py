"""Account names: what a name may be, the form two names are compared in, and the
skeleton that makes names which only look alike collide.

A name is NFKC-normalised (a fullwidth `Ａｎｎ` is `Ann`), compared without regard to
case (Unicode case folding), and refused when it looks like a name already taken: its
skeleton (after Unicode Technical Standard #39) is the same. The confusable pairs come
from Unicode's confusables.txt as the `confusable-homoglyphs` package ships it; that
package knows the pairs and whether a string mixes scripts with lookalikes, not the
skeleton, which is worked out here from its data.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

from confusable_homoglyphs import confusables
from confusable_homoglyphs.utils import load

MIN_LENGTH = 3
MAX_LENGTH = 20
# besides letters (with their combining marks) and digits
PUNCTUATION = "_-"


def clean_text(text: str | None, limit: int) -> str:
    """A guest's name or a title as a person typed it: control characters and unpaired
    surrogates dropped, white space folded, at most `limit` characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in (text or "")
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:limit]


_COMPUTER = re.compile(r"Computer \((.+)\)")


def told_apart(names: list[str], limit: int = 40) -> list[str]:
    """Seat names a table can tell apart: seats that share a name are numbered in seat
    order ("Computer 1 (greedy)", "Computer 2 (greedy)" for three greedy computers at a
    table of four, which read alike in every panel, log line and result; "Ada 1",
    "Ada 2"), each within `limit` characters. Names already distinct are kept."""
    out = list(names)
    for _ in range(len(out)):           # a numbered name may meet one typed as such
        counts = Counter(out)
        if all(n == 1 for n in counts.values()):
            break
        seen: Counter[str] = Counter()
        for i, name in enumerate(out):
            if counts[name] > 1:
                seen[name] += 1
                out[i] = _numbered(name, seen[name], limit)
    return out


def _numbered(name: str, k: int, limit: int) -> str:
    computer = _COMPUTER.fullmatch(name)
    if computer:
        return f"Computer {k} ({computer.group(1)})"[:limit]
    suffix = f" {k}"
    return name[:limit - len(suffix)] + suffix


class NameError_(ValueError):
    """A name that cannot be an account's; the text says why."""


def normal(name: str) -> str:
    """The name as stored and shown: NFKC, white space at the ends dropped."""
    return unicodedata.normalize("NFKC", name).strip()


def key(name: str) -> str:
    """The form names are unique in: NFKC, then case folded (and NFKC again, since
    folding can undo it)."""
    return unicodedata.normalize("NFKC", normal(name).casefold())


def check(name: str) -> str:
    """The name as it will be stored, or NameError_ saying what is wrong with it."""
    text = normal(name)
    if not MIN_LENGTH <= len(text) <= MAX_LENGTH:
        raise NameError_(f"a name has {MIN_LENGTH} to {MAX_LENGTH} characters")
    for ch in text:
        kind = unicodedata.category(ch)
        if not (kind[0] in "LM" or kind == "Nd" or ch in PUNCTUATION):
            raise NameError_("a name has letters, digits, '_' and '-' only")
    if not (unicodedata.category(text[0])[0] == "L" or unicodedata.category(text[0]) == "Nd"):
        raise NameError_("a name starts with a letter or a digit")
    if confusables.is_dangerous(text):
        raise NameError_("a name may not mix scripts with letters that look like "
                         "another script's")
    return text


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype. The package keeps every pair of
    confusables.txt in both directions; in that file a prototype is never itself
    mapped, so a character with one partner that has several (or a partner of several
    characters) maps to that partner. A pair alone maps both ways to the smaller."""
    pairs: dict[str, list[str]] = {
        k: [h["c"].replace("\u200e", "") for h in v] for k, v in load("confusables.json").items()}
    out: dict[str, str] = {}
    for ch, partners in pairs.items():
        if len(ch) != 1 or len(partners) != 1:
            continue
        other = partners[0]
        if len(other) > 1 or len(pairs.get(other, ())) > 1:
            out[ch] = other
        else:
            out[ch] = min(ch, other)
    return out


def skeleton(name: str) -> str:
    """What the name looks like: case folded, each character replaced by its
    prototype, until nothing changes (`B0B`, `bob` and `Ьоb` share one)."""
    table = _prototypes()
    text = key(name)
    for _ in range(4):
        mapped = unicodedata.normalize("NFD", "".join(
            table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))
        mapped = unicodedata.normalize("NFD", mapped.casefold())
        if mapped == text:
            break
        text = mapped
    return text
