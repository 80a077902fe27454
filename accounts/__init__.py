"""Accounts: sign up, log in/out, password change and reset (pages), register and token (API)."""
