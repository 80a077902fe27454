"""The password hasher: Argon2id with OWASP's recommended minimum cost.

Why not Django's own Argon2 parameters (100 MiB, 2 passes, 8 lanes): they cost 150–170 ms of CPU per
log-in here, 300–450 ms on the shared 2-core machine, and 100 MiB of memory per log-in in progress.
OWASP's Password Storage Cheat Sheet lists five equivalent Argon2id configurations; the first, 19 MiB,
2 passes, 1 lane, costs about 22 ms of CPU, keeps guessing stolen hashes expensive on GPUs (memory-hard),
and keeps a token log-in well under 200 ms. A stored hash with other parameters (Django's, or PBKDF2's)
is re-hashed with these at its owner's next log-in (``must_update``).
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class OwaspArgon2PasswordHasher(Argon2PasswordHasher):
    """Argon2id, m = 19 MiB, t = 2, p = 1 (OWASP); the algorithm name stays ``argon2``."""

    memory_cost = 19 * 1024
    time_cost = 2
    parallelism = 1
