"""Accounts: sign up, log in/out, password change and reset (pages), register and token (API), and the
profile (language, default lexicon, daily goal): the "My account" page and ``/api/auth/me/``."""
