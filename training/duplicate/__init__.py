"""Duplicate games in the training app: games made once with their tops, played solo or shared, timed.

Layout as in every mode (docs/architecture.md): :mod:`.models`, :mod:`.services` (writes, rules),
:mod:`.selectors` (reads, visibility), :mod:`.tasks` (making a game), :mod:`.apis` + :mod:`.serializers`
(REST under ``/api/duplicate/``), :mod:`.views` (pages under ``/training/duplicate/``). The game itself
(draws, tops) is made by :mod:`engine.duplicate`.
"""
