"""The seeds the server draws: the seed is the deal, so it must not be guessable."""

from __future__ import annotations

import secrets

# The smallest seed a server draws for a game: a brute force over the seeds below it
# would cost far less than 2**60 deals (see "Threat model" in docs/web.md).
SERVER_SEED_MIN = 2**32
SEED_BOUND = 2**63


def server_seed() -> int:
    """A seed from the operating system's secure generator, in [2**32, 2**63): the
    engine's full 64-bit generator state is reached, so guessing the deal from what a
    player sees costs a search of about 2**63 deals."""
    return SERVER_SEED_MIN + secrets.randbelow(SEED_BOUND - SERVER_SEED_MIN)
