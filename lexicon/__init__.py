"""Lexicons: word lists, their versions and curation (audit trail, definitions), compiled GADDAG files
loaded once per process (``lexicon.selectors.gaddag_for``). See docs/lexicon.md."""
