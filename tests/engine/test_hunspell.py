"""The Hunspell expander on small dictionaries written here (never the system's files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main as cli_main
from engine.hunspell import (
    HunspellError,
    expand,
    expand_to_words,
    french_scrabble_entry,
    read_affixes,
)

FRENCH_LIKE_AFF = """\
# a miniature of the Dicollecte/Grammalecte affix file
SET UTF-8
FLAG long
FULLSTRIP
NEEDAFFIX ()
FORBIDDENWORD {}
KEEPCASE ||

PFX L' Y 2
PFX L' 0 l' [aeiouh] dp:le
PFX L' 0 L' [AEIOUH] dp:le

PFX Re Y 1
PFX Re 0 re .

PFX Um Y 1
PFX Um 0 kilo/S.() .

SFX S. Y 2
SFX S. 0 0/L' [^sxz] is:sg
SFX S. 0 s/L' [^sxz] is:pl

SFX X. Y 2
SFX X. 0 0 [ul] is:sg
SFX X. 0 x [aeo]u is:pl

SFX F+ Y 4
SFX F+ 0 0 . is:mas is:sg
SFX F+ 0 s . is:mas is:pl
SFX F+ 0 te . is:fem is:sg
SFX F+ 0 tes . is:fem is:pl

SFX a0 Y 3
SFX a0 er er/L' er po:infi
SFX a0 er ons [^cg]er is:1p
SFX a0 ger geons ger is:1p

SFX Ab Y 1
SFX Ab er able/S. er

SFX Fs Y 1
SFX Fs hat o hat
"""

FRENCH_LIKE_DIC = """\
18
b/L'D'Q' po:nom is:mas is:inv
ln/L'D'Q' po:nom is:mas is:inv
brr po:interj
crwth/S.() po:nom is:mas
qu/-- po:mg po:cjsub po:err
chat/F+() po:nom
jeu/X.() po:nom
bijou/X.() po:nom
manger/a0Re() po:v1
aimer/a0Ab() po:v1
gramme/S.Um() po:nom
Paris/L' po:npr
Mme/S.() po:titr
km/||-- po:nom is:inv
etc po:loc.adv
auprès po:mg po:loc.prep
qat/S.() po:nom
zob/S.{}() po:nom
"""


@pytest.fixture
def french_like(tmp_path: Path) -> tuple[Path, Path]:
    aff = tmp_path / "mini.aff"
    dic = tmp_path / "mini.dic"
    aff.write_text(FRENCH_LIKE_AFF, encoding="utf-8")
    dic.write_text(FRENCH_LIKE_DIC, encoding="utf-8")
    return aff, dic


def forms_of(aff: Path, dic: Path, stem: str) -> set[str]:
    return {form for form, entry in expand(aff, dic) if entry.stem == stem}


def test_needaffix_stem_only_through_an_affix(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    assert forms_of(aff, dic, "chat") == {"chat", "chats", "chatte", "chattes"}


def test_conditions_pick_the_rule(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    assert forms_of(aff, dic, "jeu") == {"jeu", "jeux"}
    assert forms_of(aff, dic, "bijou") == {"bijou", "bijoux"}


def test_strip_and_cross_product_with_prefix(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    # "[^cg]er" refuses "manger" (its 1st plural comes from the "ger" rule); the elision in the
    # infinitive's continuation class needs a vowel or h: no "l'manger".
    assert forms_of(aff, dic, "manger") == {"manger", "mangeons", "remanger", "remangeons"}


def test_twofold_suffix_and_prefix_from_continuation(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    forms = forms_of(aff, dic, "aimer")
    # a0's infinitive rule carries L' (elision) in its continuation class; Ab carries S. (twofold).
    assert {"aimer", "aimons", "l'aimer", "aimable", "aimables"} <= forms
    assert "aim" not in forms


def test_prefix_with_its_own_continuation_and_needaffix(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    forms = forms_of(aff, dic, "gramme")
    assert {"gramme", "grammes", "kilogramme", "kilogrammes"} <= forms


def test_forbidden_word_gives_nothing(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    assert forms_of(aff, dic, "zob") == set()


def test_french_policy_drops_names_symbols_and_locution_pieces(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    words, summary = expand_to_words(aff, dic, "fr", keep=french_scrabble_entry)
    assert words == sorted(words)
    assert {"CHAT", "CHATTES", "JEUX", "BIJOUX", "MANGEONS", "REMANGER", "AIMABLES", "KILOGRAMMES",
            "AUPRES", "QAT", "QATS", "BRR", "CRWTHS"} <= set(words)
    for absent in ("PARIS", "MME", "MMES", "KM", "ETC", "ZOB", "LAIMER", "B", "LN", "QU"):
        assert absent not in words
    # Forms with an apostrophe do not fold to the alphabet and are left out.
    assert all(w.isalpha() and w.isupper() for w in words)
    assert summary.entries == 18 and summary.words == len(words)


def test_without_policy_every_entry_counts(french_like: tuple[Path, Path]) -> None:
    aff, dic = french_like
    words, _ = expand_to_words(aff, dic, "fr", keep=None)
    assert {"PARIS", "MME", "KM", "ETC"} <= set(words)


def test_flag_formats(tmp_path: Path) -> None:
    aff = tmp_path / "num.aff"
    dic = tmp_path / "num.dic"
    aff.write_text("SET UTF-8\nFLAG num\nSFX 101 Y 1\nSFX 101 y ies [^aeiou]y\nSFX 7 Y 1\nSFX 7 0 s .\n",
                   encoding="utf-8")
    dic.write_text("2\nfly/101,7\nboy/7\n", encoding="utf-8")
    assert {f for f, _ in expand(aff, dic)} == {"fly", "flies", "flys", "boy", "boys"}
    assert read_affixes(aff).flag_format == "num"


def test_flag_aliases(tmp_path: Path) -> None:
    aff = tmp_path / "af.aff"
    dic = tmp_path / "af.dic"
    aff.write_text("SET UTF-8\nAF 1\nAF AB\nSFX A Y 1\nSFX A 0 s .\nSFX B Y 1\nSFX B 0 ed .\n", encoding="utf-8")
    dic.write_text("1\nwalk/1\n", encoding="utf-8")
    assert {f for f, _ in expand(aff, dic)} == {"walk", "walks", "walked"}


def test_circumfix_needs_both_sides(tmp_path: Path) -> None:
    aff = tmp_path / "c.aff"
    dic = tmp_path / "c.dic"
    aff.write_text(
        "SET UTF-8\nCIRCUMFIX X\nPFX A Y 1\nPFX A 0 leg/X .\nSFX B Y 1\nSFX B 0 obb/X .\nSFX C Y 1\nSFX C 0 s .\n",
        encoding="utf-8",
    )
    dic.write_text("1\nnagy/ABC\n", encoding="utf-8")
    assert {f for f, _ in expand(aff, dic)} == {"nagy", "nagys", "legnagyobb"}


def test_malformed_files_raise_with_a_code(tmp_path: Path) -> None:
    aff = tmp_path / "bad.aff"
    dic = tmp_path / "bad.dic"
    aff.write_text("SET ISO8859-1\n", encoding="utf-8")
    dic.write_text("1\nx\n", encoding="utf-8")
    with pytest.raises(HunspellError) as caught:
        read_affixes(aff)
    assert caught.value.code == "encoding"
    aff.write_text("SET UTF-8\nFLAG long\nSFX AB Y 1\nSFX AB 0 s [ab\n", encoding="utf-8")
    with pytest.raises(HunspellError) as caught:
        read_affixes(aff)
    assert caught.value.code == "bad_condition"
    aff.write_text("SET UTF-8\n", encoding="utf-8")
    dic.write_text("chat\n", encoding="utf-8")
    with pytest.raises(HunspellError) as caught:
        list(expand(aff, dic))
    assert caught.value.code == "bad_dic"


def test_cli_writes_the_word_list(french_like: tuple[Path, Path], tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    aff, dic = french_like
    out = tmp_path / "cache" / "words.txt"
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(dic), "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    lines = out.read_text(encoding="ascii").split()
    assert report["words"] == len(lines) and "KILOGRAMMES" in lines and "PARIS" not in lines
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(tmp_path / "none.dic"), "-o", str(out)]) == 1


ABBREVIATIONS_AFF = """\
SET UTF-8
FLAG long
KEEPCASE ||

PFX L' Y 1
PFX L' 0 l' [aeiouh]

SFX S. Y 2
SFX S. 0 0 [^sxz] is:sg
SFX S. 0 s [^sxz] is:pl
"""

# Entries shaped like the Debian hunspell-fr-comprehensive ones (an abbreviation filed as a plain noun
# looks exactly like the word "apex"), plus the tags other exports of the lexicon carry.
ABBREVIATIONS_DIC = """\
16
avr/L'D'Q' po:nom is:mas is:inv
oct/L'D'Q' po:nom is:mas is:inv
étym/L'D'Q' po:nom is:fem is:inv
env/L'D'Q' po:adv
op/L'D'Q' po:nom is:mas is:inv
tan/L'D'Q' po:nom is:fem is:inv
tan/S. po:nom is:mas
apex/L'D'Q' po:nom is:mas is:inv
proc/L'D'Q' po:nom po:abr is:inv
ohms/L'D'Q' po:nom is:symb
réf./L'D'Q' po:nom is:fem is:inv
deux/D'Q' po:nb is:epi is:pl
xiv/L' po:nbro
in/D'Q' po:loc.adv
ad/D'L'Q' po:loc.adv
aï/S. po:nom is:mas
"""


def test_french_policy_drops_abbreviations_and_keeps_numbers_in_letters(tmp_path: Path) -> None:
    aff = tmp_path / "abbr.aff"
    dic = tmp_path / "abbr.dic"
    aff.write_text(ABBREVIATIONS_AFF, encoding="utf-8")
    dic.write_text(ABBREVIATIONS_DIC, encoding="utf-8")
    words, summary = expand_to_words(aff, dic, "fr", keep=french_scrabble_entry)
    # Tagged (po:abr, is:symb), written with a period, or listed as filed like nouns: all out.
    for absent in ("AVR", "OCT", "ETYM", "ENV", "OP", "PROC", "OHMS", "REF", "XIV", "AD"):
        assert absent not in words, absent
    # The bark TAN (an inflected entry) stays while the tangent symbol goes; numbers in letters are words;
    # IN is a word the dictionary only knows in locutions.
    assert {"TAN", "TANS", "APEX", "DEUX", "IN", "AI", "AIS"} <= set(words)
    assert summary.entries == 16


def test_supplement_and_exclusions_are_applied_by_default_and_each_word_has_its_source(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.hunspell import DATA_DIR, default_adjustment_files, read_word_adjustments

    aff = tmp_path / "w.aff"
    dic = tmp_path / "w.dic"
    aff.write_text("SET UTF-8\n", encoding="utf-8")
    dic.write_text("2\nmaison\nlol\n", encoding="utf-8")
    out = tmp_path / "words.txt"
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(dic), "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    words = set(out.read_text(encoding="ascii").split())
    assert {"MAISON", "AA", "BA", "BE", "BI", "DA", "JA", "KA", "OM", "YA", "ZA", "AY", "EWE", "YET", "DEM"} <= words
    assert "LOL" not in words
    assert report["removed"] == ["LOL"] and "AA" in report["added"] and report["words"] == len(words)
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(dic), "-o", str(out), "--no-adjustments"]) == 0
    assert set(out.read_text(encoding="ascii").split()) == {"MAISON", "LOL"}
    # the shipped files: every word with its source, none both added and removed
    supplement, exclusions = (read_word_adjustments(path, "fr") for path in default_adjustment_files("fr"))
    assert supplement and exclusions and not set(supplement) & set(exclusions)
    assert {"LOL", "MMM", "KSS", "PFFT", "ZZZZ", "HMM"} <= set(exclusions)
    assert all(source.startswith("[") for source in {**supplement, **exclusions}.values())
    assert default_adjustment_files("fr")[0] == DATA_DIR / "fr-supplement.txt"


def test_a_word_without_its_source_is_refused_with_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    aff = tmp_path / "w.aff"
    dic = tmp_path / "w.dic"
    aff.write_text("SET UTF-8\n", encoding="utf-8")
    dic.write_text("1\nmaison\n", encoding="utf-8")
    extra = tmp_path / "extra.txt"
    extra.write_text("# comment\nAA  # [test]\nZOZO\n", encoding="utf-8")
    out = tmp_path / "words.txt"
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(dic), "-o", str(out), "--supplement", str(extra)]) == 1
    assert f"{extra}:3: 'ZOZO' needs its source after '#'" in capsys.readouterr().err
    extra.write_text("MAISON  # [test]\n", encoding="utf-8")
    assert cli_main(["lexicon", "expand-hunspell", str(aff), str(dic), "-o", str(out), "--exclusions", str(extra),
                     "--supplement", str(extra)]) == 1
    assert "both in the supplement and the exclusions: MAISON" in capsys.readouterr().err
    assert not out.exists()
