"""Expanding a Hunspell dictionary (.aff + .dic) into every word form it accepts.

Why our own expander: spell-checker dictionaries store stems with affix flags ("chat/F+()"); a
Scrabble lexicon needs the flat list of inflected forms. Debian's ``unmunch`` only reads one-character
flags, so it mangles dictionaries written with ``FLAG long`` (the French Dicollecte/Grammalecte one),
and ignores NEEDAFFIX and continuation classes. This module implements the parts of the format that
generation needs:

* ``FLAG`` formats: default (one character), ``UTF-8`` (one code point), ``long`` (two characters),
  ``num`` (comma-separated numbers); ``AF`` flag aliases and ``AM`` morphology aliases;
* ``PFX``/``SFX`` rules with strip, add, condition (``.``, ``[abc]``, ``[^abc]``, literal letters,
  tested on the word before stripping) and cross product (a prefix and a suffix on one stem only when
  both allow it);
* continuation classes on rules: twofold suffixes (a suffix whose class holds another suffix flag),
  prefixes enabled by a suffix's or a suffix enabled by a prefix's class;
* ``NEEDAFFIX`` (a stem or affixed form that is not a word by itself), ``CIRCUMFIX`` (an affix only
  valid together with another circumfix affix), ``FORBIDDENWORD`` (never emitted), ``FULLSTRIP``
  (a rule may strip the whole word).

Compounding (``COMPOUNDFLAG``...) is not generated: it yields an open-ended set, and the French
dictionary does not use it. Each form comes with its dictionary entry, so the caller decides which
entries are words for its purpose (:func:`french_scrabble_entry` is the policy for the French
dictionary).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

NON_WORD_CATEGORIES = frozenset({"npr", "prn", "patr", "titr", "err", "pfx", "sfx", "sign", "nbro"})
"""Categories (``po:`` values) that are never Scrabble words by themselves. Numbers written in letters
(``po:nb``: deux, trois, vingt...) are words; their digit forms (1er, 2e) do not fold to the alphabet."""
PROPER_NOUN_CATEGORIES = frozenset({"npr", "prn", "patr", "loc.patr"})
ABBREVIATION_TAGS = frozenset({"abr", "abrév", "abréviation", "sigle", "symb", "symbole"})
"""Values of any morphological field (``po:abr``, ``is:abr``...) marking an abbreviation, an acronym or a
symbol, in the dictionaries that tag them (Grammalecte's lexicon does; some of its Hunspell exports do not)."""
FRENCH_UNTAGGED_ABBREVIATIONS = frozenset({
    # months
    "janv", "févr", "avr", "juil", "oct", "nov", "déc",
    # references, editions, letters and forms: abc (abécédaire, as in "l'abc"), av (avenue), bibl, chap,
    # circ, coll, div, dpi, éd, env (environ), étym, fig, hab, ibid, lat, litt, op (opus), réf, rel, suppl,
    # tél, trad, ud
    "abc", "av", "bibl", "chap", "circ", "coll", "div", "dpi", "éd", "env", "étym", "fig", "hab", "ibid",
    "lat", "litt", "op", "réf", "rel", "suppl", "tél", "trad", "ud",
    # mathematical function symbols (the noun "tan", with a plural, is another entry and stays)
    "sin", "cos", "tan", "cotan", "sinh", "cosh", "tanh", "cotanh", "arcsin", "arccos", "arctan", "arcsinh",
    "arccosh", "arctanh",
})
"""Abbreviations that the Debian ``hunspell-fr-comprehensive`` 7.0 dictionary files as ordinary invariable
nouns or adverbs (``avr/L'D'Q' po:nom is:mas is:inv``), with nothing in their fields to tell them apart
from a word such as ``apex``: what no tag catches. Only entries without a suffix flag (no plural, no
feminine: an abbreviation is never inflected) are matched, so a word spelled like one of them in another
entry stays (``tan/S.`` the bark, TANS)."""
FRENCH_LOCUTION_WORDS = frozenset({"in", "api"})
"""Scrabble words that the dictionary only knows as pieces of locutions (``po:loc.*``): IN (à la mode),
API (pomme d'api)."""
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿœæ")


class HunspellError(ValueError):
    """A file that cannot be read as Hunspell affixes/dictionary; ``code`` and ``params`` describe it."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(message)


@dataclass(frozen=True)
class AffixRule:
    flag: str
    strip: str
    add: str
    continuation: frozenset[str]
    condition: re.Pattern[str] | None
    morphology: tuple[str, ...]


@dataclass
class AffixClass:
    flag: str
    is_prefix: bool
    cross_product: bool
    rules: list[AffixRule] = field(default_factory=list)


@dataclass
class Affixes:
    """What the .aff file says, as far as generating word forms is concerned."""

    flag_format: str = "char"
    prefixes: dict[str, AffixClass] = field(default_factory=dict)
    suffixes: dict[str, AffixClass] = field(default_factory=dict)
    need_affix: str | None = None
    circumfix: str | None = None
    forbidden: str | None = None
    keep_case: str | None = None
    full_strip: bool = False
    flag_aliases: list[frozenset[str]] = field(default_factory=list)
    morph_aliases: list[tuple[str, ...]] = field(default_factory=list)

    def parse_flags(self, text: str) -> frozenset[str]:
        """The flags written in ``text`` (a dic entry's or a rule's continuation part)."""
        if self.flag_aliases and text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.flag_aliases):
                raise HunspellError("bad_alias", f"flag alias {index} is not defined", alias=index)
            return self.flag_aliases[index - 1]
        return split_flags(text, self.flag_format)


@dataclass(frozen=True)
class DicEntry:
    """One line of the .dic file: the stem, its flags and its morphological fields (``po:nom``...)."""

    stem: str
    flags: frozenset[str]
    morphology: tuple[str, ...]

    def field_values(self, key: str) -> list[str]:
        prefix = key + ":"
        return [item[len(prefix):] for item in self.morphology if item.startswith(prefix)]


def split_flags(text: str, flag_format: str) -> frozenset[str]:
    if flag_format == "long":
        if len(text) % 2:
            raise HunspellError("bad_flags", f"odd number of characters in long flags {text!r}", flags=text)
        return frozenset(text[i:i + 2] for i in range(0, len(text), 2))
    if flag_format == "num":
        return frozenset(part.strip() for part in text.split(",") if part.strip())
    return frozenset(text)


def _condition(text: str, *, suffix: bool) -> re.Pattern[str] | None:
    """Compile a rule condition; None for '.', which accepts every word."""
    if text == ".":
        return None
    parts: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.find("]", i + 1)
            if end < 0:
                raise HunspellError("bad_condition", f"unclosed '[' in condition {text!r}", condition=text)
            body = text[i + 1:end]
            negate = body.startswith("^")
            chars = "".join(re.escape(c) for c in (body[1:] if negate else body))
            parts.append(f"[{'^' if negate else ''}{chars}]")
            i = end + 1
        elif ch == ".":
            parts.append(".")
            i += 1
        else:
            parts.append(re.escape(ch))
            i += 1
    body = "".join(parts)
    return re.compile(f"(?:{body})$" if suffix else f"^(?:{body})", re.DOTALL)


def _lines(path: str | Path) -> Iterator[str]:
    with open(path, encoding="utf-8", errors="strict") as handle:
        try:
            for line in handle:
                yield line.rstrip("\n").rstrip("\r")
        except UnicodeDecodeError as exc:
            raise HunspellError("not_utf8", f"{path} is not UTF-8 ({exc.reason})", path=str(path)) from None


def read_affixes(path: str | Path) -> Affixes:
    """Parse the parts of an .aff file that word generation needs (UTF-8 files only)."""
    affixes = Affixes()
    pending: AffixClass | None = None
    remaining = 0
    for number, line in enumerate(_lines(path), start=1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        key = fields[0]
        if pending is not None and remaining > 0 and key == ("PFX" if pending.is_prefix else "SFX"):
            if len(fields) < 5 or fields[1] != pending.flag:
                raise HunspellError("bad_rule", f"line {number}: malformed {key} rule", line=number)
            add, _, cont = fields[3].partition("/")
            pending.rules.append(AffixRule(
                flag=pending.flag,
                strip="" if fields[2] == "0" else fields[2],
                add="" if add == "0" else add,
                continuation=affixes.parse_flags(cont) if cont else frozenset(),
                condition=_condition(fields[4], suffix=not pending.is_prefix),
                morphology=tuple(fields[5:]),
            ))
            remaining -= 1
            continue
        if key == "SET" and len(fields) > 1 and fields[1].upper() not in ("UTF-8", "UTF8"):
            raise HunspellError("encoding", f"only UTF-8 dictionaries are read (SET {fields[1]})",
                                encoding=fields[1])
        if key == "FLAG" and len(fields) > 1:
            affixes.flag_format = {"long": "long", "num": "num", "UTF-8": "utf8"}.get(fields[1], "char")
        elif key == "NEEDAFFIX" and len(fields) > 1:
            affixes.need_affix = fields[1]
        elif key == "CIRCUMFIX" and len(fields) > 1:
            affixes.circumfix = fields[1]
        elif key == "FORBIDDENWORD" and len(fields) > 1:
            affixes.forbidden = fields[1]
        elif key == "KEEPCASE" and len(fields) > 1:
            affixes.keep_case = fields[1]
        elif key == "FULLSTRIP":
            affixes.full_strip = True
        elif key == "AF" and len(fields) > 1 and not fields[1].isdigit():
            affixes.flag_aliases.append(split_flags(fields[1], affixes.flag_format))
        elif key == "AM" and len(fields) > 1 and not fields[1].isdigit():
            affixes.morph_aliases.append(tuple(fields[1:]))
        elif key in ("PFX", "SFX") and len(fields) == 4 and fields[3].isdigit():
            pending = AffixClass(flag=fields[1], is_prefix=key == "PFX", cross_product=fields[2] == "Y")
            remaining = int(fields[3])
            (affixes.prefixes if key == "PFX" else affixes.suffixes)[pending.flag] = pending
    return affixes


def _split_entry(line: str) -> tuple[str, str, list[str]]:
    """'word/flags morph...' → (word, flags, morphology); a backslash escapes a slash in the word."""
    head, *morph = line.split("\t") if "\t" in line else [line]
    fields = head.split() + [m for part in morph for m in part.split()]
    if not fields:
        return "", "", []
    token = fields[0]
    slash = -1
    i = 0
    while i < len(token):
        if token[i] == "\\":
            i += 2
            continue
        if token[i] == "/":
            slash = i
            break
        i += 1
    word = token if slash < 0 else token[:slash]
    flags = "" if slash < 0 else token[slash + 1:]
    return word.replace("\\/", "/"), flags, fields[1:]


def read_dictionary(path: str | Path, affixes: Affixes) -> Iterator[DicEntry]:
    """The entries of a .dic file (its first line is the approximate entry count)."""
    lines = _lines(path)
    first = next(lines, None)
    if first is None or not first.strip().split()[0:1] or not first.split()[0].isdigit():
        raise HunspellError("bad_dic", f"{path}: the first line must be the number of entries", path=str(path))
    for line in lines:
        if not line.strip() or line.startswith(("#", "\t")):
            continue
        word, flags, morph = _split_entry(line)
        if not word:
            continue
        if affixes.morph_aliases and len(morph) == 1 and morph[0].isdigit():
            index = int(morph[0])
            morph = list(affixes.morph_aliases[index - 1]) if 1 <= index <= len(affixes.morph_aliases) else []
        yield DicEntry(stem=word, flags=affixes.parse_flags(flags) if flags else frozenset(),
                       morphology=tuple(morph))


def _apply_suffix(rule: AffixRule, word: str, full_strip: bool) -> str | None:
    if rule.strip and (not word.endswith(rule.strip) or (len(rule.strip) >= len(word) and not full_strip)):
        return None
    if rule.condition is not None and rule.condition.search(word) is None:
        return None
    return (word[: len(word) - len(rule.strip)] if rule.strip else word) + rule.add


def _apply_prefix(rule: AffixRule, word: str, full_strip: bool) -> str | None:
    if rule.strip and (not word.startswith(rule.strip) or (len(rule.strip) >= len(word) and not full_strip)):
        return None
    if rule.condition is not None and rule.condition.match(word) is None:
        return None
    return rule.add + word[len(rule.strip):]


def expand_entry(entry: DicEntry, affixes: Affixes) -> set[str]:
    """Every word form Hunspell accepts for this entry (stem, prefixed, suffixed, both, twofold)."""
    need, circ, full = affixes.need_affix, affixes.circumfix, affixes.full_strip
    forms: set[str] = set()
    if affixes.forbidden is not None and affixes.forbidden in entry.flags:
        return forms
    if need is None or need not in entry.flags:
        forms.add(entry.stem)

    # Suffixed forms: (form, continuation, cross_product, circumfix-pending)
    suffixed: list[tuple[str, frozenset[str], bool, bool]] = []
    for flag in entry.flags:
        cls = affixes.suffixes.get(flag)
        if cls is None:
            continue
        for rule in cls.rules:
            form = _apply_suffix(rule, entry.stem, full)
            if form is None:
                continue
            is_circ = circ is not None and circ in rule.continuation
            suffixed.append((form, rule.continuation, cls.cross_product, is_circ))
            if not is_circ and (need is None or need not in rule.continuation):
                forms.add(form)
            # Twofold suffixes: a suffix flag in this rule's continuation class.
            for flag2 in rule.continuation:
                cls2 = affixes.suffixes.get(flag2)
                if cls2 is None:
                    continue
                for rule2 in cls2.rules:
                    form2 = _apply_suffix(rule2, form, full)
                    if form2 is None:
                        continue
                    circ2 = circ is not None and circ in rule2.continuation
                    if not (is_circ or circ2) and (need is None or need not in rule2.continuation):
                        forms.add(form2)

    # Prefixed forms, alone and with a suffix (cross product or enabled by a continuation class).
    for flag in entry.flags:
        cls = affixes.prefixes.get(flag)
        if cls is None:
            continue
        for rule in cls.rules:
            is_circ = circ is not None and circ in rule.continuation
            form = _apply_prefix(rule, entry.stem, full)
            if form is not None:
                if not is_circ and (need is None or need not in rule.continuation):
                    forms.add(form)
                # A suffix enabled by the prefix's continuation class.
                for flag2 in rule.continuation:
                    cls2 = affixes.suffixes.get(flag2)
                    if cls2 is None:
                        continue
                    for rule2 in cls2.rules:
                        inner = _apply_suffix(rule2, entry.stem, full)
                        if inner is None:
                            continue
                        both = _apply_prefix(rule, inner, full)
                        circ2 = circ is not None and circ in rule2.continuation
                        if both is not None and is_circ == circ2 and (need is None or need not in rule2.continuation):
                            forms.add(both)
            for sform, scont, scross, scirc in suffixed:
                if not (cls.cross_product and scross) and flag not in scont:
                    continue
                both = _apply_prefix(rule, sform, full)
                if both is None or is_circ != scirc:
                    continue
                if need is not None and need in rule.continuation and need in scont:
                    continue
                forms.add(both)
    # Prefixes that only a suffix's continuation class enables (not flagged on the stem).
    for sform, scont, _scross, scirc in suffixed:
        for flag in scont:
            if flag in entry.flags:
                continue
            cls = affixes.prefixes.get(flag)
            if cls is None:
                continue
            for rule in cls.rules:
                both = _apply_prefix(rule, sform, full)
                is_circ = circ is not None and circ in rule.continuation
                if both is not None and is_circ == scirc:
                    forms.add(both)
    return forms


def expand(aff_path: str | Path, dic_path: str | Path,
           keep: Callable[[DicEntry, Affixes], bool] | None = None) -> Iterator[tuple[str, DicEntry]]:
    """(form, entry) for every form of every entry that ``keep`` accepts (all entries by default)."""
    affixes = read_affixes(aff_path)
    for entry in read_dictionary(dic_path, affixes):
        if keep is not None and not keep(entry, affixes):
            continue
        for form in expand_entry(entry, affixes):
            yield form, entry


def french_scrabble_entry(entry: DicEntry, affixes: Affixes) -> bool:
    """Whether a Dicollecte/Grammalecte entry gives Scrabble words.

    Left out: proper nouns, first names, family names (``po:npr``, ``po:prn``, ``po:patr``); entries
    whose stem has a capital (acronyms such as ONU, titles such as Mme, untagged names); symbols and
    units, which carry the KEEPCASE flag (km, Hz); and entries that are only non-words for a player:
    errors, bare prefixes/suffixes, signs, roman numerals, title abbreviations and pieces of
    locutions (``po:loc.*`` with no other category, e.g. "etc", "cf", "abrupto"; but IN and API, see
    :data:`FRENCH_LOCUTION_WORDS`). Abbreviations and symbols go by the dictionary's own marks first: a
    field whose value is an abbreviation tag (``po:abr``, ``po:symb``: :data:`ABBREVIATION_TAGS`) or a stem
    ending with a period ("av."). Then three rules make up for abbreviations the dictionary files as plain
    nouns: an entry of one character is a letter's name ("b", "æ"); a stem of at most three characters
    without a vowel that is not an interjection is an abbreviation ("ln", "pt", "vs"; "brr" stays, and so
    does the longer "crwth"); and the few left with a vowel are listed in
    :data:`FRENCH_UNTAGGED_ABBREVIATIONS` ("avr", "oct", "étym", matched on uninflected entries only).
    Numbers written in letters (``po:nb``: deux, vingt) are words. Forms with apostrophes, hyphens or
    digits are dropped later, when folding to the alphabet.
    """
    stem = entry.stem
    if stem != stem.lower() or len(stem) < 2 or stem.endswith("."):
        return False
    if affixes.keep_case is not None and affixes.keep_case in entry.flags:
        return False
    if is_tagged_abbreviation(entry):
        return False
    categories = set(entry.field_values("po"))
    if categories & PROPER_NOUN_CATEGORIES or "err" in categories:
        return False
    if len(stem) <= 3 and "interj" not in categories and not any(ch in _VOWELS for ch in stem):
        return False
    if stem in FRENCH_UNTAGGED_ABBREVIATIONS and not any(flag in affixes.suffixes for flag in entry.flags):
        return False
    if not categories:
        return True
    if stem in FRENCH_LOCUTION_WORDS:
        return True
    return any(c and c not in NON_WORD_CATEGORIES and not c.startswith("loc.") for c in categories)


def is_tagged_abbreviation(entry: DicEntry) -> bool:
    """An entry whose own fields mark it as an abbreviation, acronym or symbol (``po:abr``, ``is:symb``...)."""
    return any(value.lower() in ABBREVIATION_TAGS for key in ("po", "is") for value in entry.field_values(key))


def _drop_unfoldable_prefixes(affixes: Affixes, letters: Mapping[str, object]) -> None:
    """Remove prefix rules whose added text can never fold to the alphabet (elisions: "l'", "qu'").

    Sound because a prefix is the last affix applied: nothing removes its text afterwards. In the
    French dictionary these rules make most of the forms, so this halves the expansion time.
    """
    from engine.alphabet import fold_word

    for cls in affixes.prefixes.values():
        cls.rules = [r for r in cls.rules if all(ch in letters for ch in fold_word(r.add))]


@dataclass(frozen=True)
class ExpansionSummary:
    entries: int
    kept_entries: int
    forms: int
    words: int


def expand_to_words(aff_path: str | Path, dic_path: str | Path, language: str,
                    keep: Callable[[DicEntry, Affixes], bool] | None = french_scrabble_entry
                    ) -> tuple[list[str], ExpansionSummary]:
    """The sorted, unique words (folded to the language's alphabet) of a Hunspell dictionary.

    Forms that do not fold to the alphabet (apostrophes, hyphens, digits, dots) are left out.
    """
    from engine.alphabet import InvalidWord, get_alphabet

    alphabet = get_alphabet(language)
    affixes = read_affixes(aff_path)
    _drop_unfoldable_prefixes(affixes, alphabet.code_of)
    words: set[str] = set()
    entries = kept = forms = 0
    for entry in read_dictionary(dic_path, affixes):
        entries += 1
        if keep is not None and not keep(entry, affixes):
            continue
        kept += 1
        for form in expand_entry(entry, affixes):
            forms += 1
            try:
                words.add(alphabet.normalise(form))
            except InvalidWord:
                continue
    ordered = sorted(words)
    return ordered, ExpansionSummary(entries=entries, kept_entries=kept, forms=forms, words=len(ordered))


DATA_DIR = Path(__file__).resolve().parent / "data"
"""Reviewable word files shipped with the engine (``<language>-supplement.txt``, ``<language>-exclusions.txt``)."""


def read_word_adjustments(path: str | Path, language: str) -> dict[str, str]:
    """A supplement or exclusion file: one word a line, then ``#`` and its source; ``#`` lines are comments.

    Returns ``{normalised word: source}``. A word without its source, or not writable in the language's
    alphabet, is refused with the file's line (:class:`HunspellError`): every change to the list is
    reviewable.
    """
    from engine.alphabet import InvalidWord, get_alphabet

    alphabet = get_alphabet(language)
    words: dict[str, str] = {}
    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, hash_mark, source = line.partition("#")
        word, source = word.strip(), source.strip()
        if not hash_mark or not source:
            raise HunspellError("no_source", f"{path}:{number}: {word!r} needs its source after '#'")
        try:
            words[alphabet.normalise(word)] = source
        except InvalidWord as exc:
            raise HunspellError("bad_word", f"{path}:{number}: {exc}") from None
    return words


def default_adjustment_files(language: str) -> tuple[Path | None, Path | None]:
    """The supplement and exclusion files shipped for ``language`` (None when there is none)."""
    supplement = DATA_DIR / f"{language}-supplement.txt"
    exclusions = DATA_DIR / f"{language}-exclusions.txt"
    return (supplement if supplement.is_file() else None, exclusions if exclusions.is_file() else None)


def apply_adjustments(words: list[str], supplement: dict[str, str], exclusions: dict[str, str]
                      ) -> tuple[list[str], list[str], list[str]]:
    """``words`` plus the supplement minus the exclusions, sorted; with the words actually added and removed.

    A word both supplemented and excluded is an error in the files (:class:`HunspellError`)."""
    both = sorted(set(supplement) & set(exclusions))
    if both:
        raise HunspellError("added_and_removed", f"words both in the supplement and the exclusions: {', '.join(both)}")
    present = set(words)
    added = sorted(set(supplement) - present)
    removed = sorted(set(exclusions) & present)
    return sorted((present | set(supplement)) - set(exclusions)), added, removed
