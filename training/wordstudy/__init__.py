"""Word study in the training app: quizzes over alphagrams ranked by probability, a card box, daily challenges.

Modules: :mod:`.models` (rankings, quizzes, answers, cards, challenges), :mod:`.ranking` (ranks per
lexicon version, computed by a tracked task), :mod:`.services` (quizzes, answers, FSRS, challenges),
:mod:`.selectors` (reads, ownership), :mod:`.apis` / :mod:`.serializers` / :mod:`.urls_api` (REST),
:mod:`.views` / :mod:`.forms` / :mod:`.urls` (pages), :mod:`.tasks` (the rank task). The questions
and answers themselves come from :mod:`engine.wordstudy` over the compiled lexicon.
"""
