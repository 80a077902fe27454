"""Helpers of the Jarnac web tests: a small French lexicon written by the tests, and arranged states.

The lexicon is small on purpose: whole games against every level end in a few hundred moves and
take seconds, and every word is known to the test.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engine.jarnac import GameState, PlayerState, new_game, rules, to_json
from engine.jarnac.bag import full_bag
from lexicon.services import import_word_list
from tests.support import write_words

WORDS = ["ART", "RAT", "RATS", "TAR", "TARE", "TARES", "RATE", "RATES", "ARETE", "ARETES", "TRAITE", "TRAITES", "SEL", "LES", "ELU", "ELUS", "SAIN", "SAINT", "SAINTE", "SAINTES", "NIE", "NIES", "SIEN", "TAN", "ANE", "ANES", "ETAIN", "ETAINS", "RIEN", "RIENS", "RENTE", "RENTES", "ENTRE", "ENTRER", "TERRE", "TERRES", "TERRINE", "TERRINES", "RUE", "RUES", "SUR", "SURE", "SURES", "TOUR", "TOURS", "ROUE", "ROUES", "ROUTE", "ROUTES", "TROU", "TROUS", "OUI", "NOUS", "NUL", "NULS", "NUE", "NUES", "UNE", "UNES", "NOTE", "NOTES", "TON", "TONS", "TONNE", "TONNES", "NOTER", "LION", "LIONS", "LOIN", "OSE", "ROSE", "ROSES", "OSER", "AIR", "AIRS", "MER", "MERS", "METS", "MIE", "MIES", "AMI", "AMIS", "AMIE", "AMIES", "MAIS", "MAISON", "MAISONS", "SON", "SONS", "SONT", "DES", "DIT", "DITS", "DIRE", "RIDE", "RIDES", "DATE", "DATES", "CASE", "CASES", "CASER", "CARTE", "CARTES", "TRACE", "TRACES", "CRI", "CRIS", "CRIE", "CIEL", "CIELS", "PAIN", "PAINS", "PEINE", "PEINES", "PIE", "PIES", "PRIS", "PRISE", "PRISES", "ESPRIT", "ESPRITS", "PARTIE", "PARTIES", "TAPIS", "PATE", "PATES", "PARE", "PARES", "REPAS", "LAPIN", "LAPINS", "PLAINE", "PLAINES", "LAINE", "LAINES", "ELAN", "ELANS", "CHAT", "CHATS", "ARROSE", "ARROSER", "ROSEAU", "ENTRAINES", "INSERTION", "ORIENTAIS"]


def jarnac_lexicon(tmp_path, name: str = "jarnac-test"):
    """The small lexicon, imported through the lexicon service (so it is compiled as on the site)."""
    return import_word_list(write_words(tmp_path / f"{name}.txt", WORDS), name=name, language="fr").lexicon


def arranged_state(*, seed: str = "arranged", mine: tuple[str, ...] = (), my_rack: str = "",
                   theirs: tuple[str, ...] = (), their_rack: str = "", phase: str = rules.START,
                   current: int = 0, turns: tuple[int, int] = (1, 1), turn: int = 3) -> GameState:
    """A legal state with these mats and racks; the bag holds the rest of the 144 tiles."""
    used = Counter(my_rack + their_rack + "".join(mine) + "".join(theirs))
    rest = Counter(full_bag())
    rest.subtract(used)
    assert all(count >= 0 for count in rest.values()), "more letters than the bag holds"
    bag = []
    remaining = Counter(rest)
    for letter in new_game(seed).bag:
        if remaining[letter] > 0:
            bag.append(letter)
            remaining[letter] -= 1
    state = new_game(seed)
    return replace(state, bag="".join(bag), phase=phase, current=current, turn=turn,
                   players=(PlayerState(tuple(mine), "".join(sorted(my_rack)), turns[0]),
                            PlayerState(tuple(theirs), "".join(sorted(their_rack)), turns[1])))


def store(game, state: GameState) -> None:
    """Put an arranged state on a game (its moves no longer replay to it: tests of one move only)."""
    game.state = to_json(state)
    game.moves = []
    game.save()


def api_kind(move: dict[str, Any]) -> dict[str, Any]:
    """The API body for an engine move."""
    if move["type"] == "play":
        kind = "create" if move["line"] is None else "transform"
        return {"kind": kind, "word": move["word"], "line": move["line"]}
    if move["type"] == "jarnac":
        return {"kind": "jarnac", "word": move["word"], "line": move["line"]}
    if move["type"] == "exchange":
        return {"kind": "exchange", "letters": move["letters"]}
    return {"kind": move["type"]}
