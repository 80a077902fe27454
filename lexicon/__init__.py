"""Lexicons: word lists imported into the site (curation, versions and compiled files come in issue 10)."""
