"""Passwords: how they are hashed (argon2id through argon2-cffi) and which are refused.

The parameters are OWASP's first choice for argon2id (19 MiB of memory, 2 passes, one
lane): about 35 ms a hash on one core of the 2-core reference machine, so a sign-in
costs a little and a guess a lot, and one lane leaves the other core to the games.
The common passwords are zxcvbn's list of the 30,000 most frequent (it ships them as
data; they come from leaked password sets), compared without regard to case.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

MIN_LENGTH = 10
MAX_LENGTH = 256          # argon2 takes any length: bound what one request costs

TIME_COST = 2
MEMORY_KIB = 19456
PARALLELISM = 1

hasher = PasswordHasher(time_cost=TIME_COST, memory_cost=MEMORY_KIB,
                        parallelism=PARALLELISM)


class PasswordRefused(ValueError):
    """A password that may not be used; the text says why."""


@lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(p.casefold() for p in FREQUENCY_LISTS["passwords"])


def prepared(password: str) -> bytes:
    """The password as hashed: NFKC, so that the same characters typed on another
    keyboard or system give the same password, in UTF-8 (a lone surrogate, which JSON
    can carry, kept as its bytes rather than failing)."""
    return unicodedata.normalize("NFKC", password).encode("utf-8", "surrogatepass")


def check(password: str, name_key: str) -> str:
    """The password to hash, or PasswordRefused."""
    text = unicodedata.normalize("NFKC", password)
    if len(text) < MIN_LENGTH:
        raise PasswordRefused(f"a password has at least {MIN_LENGTH} characters")
    if len(text) > MAX_LENGTH:
        raise PasswordRefused(f"a password has at most {MAX_LENGTH} characters")
    folded = text.casefold()
    if folded in common_passwords():
        raise PasswordRefused("this password is one of the most common ones: choose another")
    if name_key in folded:
        raise PasswordRefused("a password may not contain the name")
    return text


def hash_password(password: str) -> str:
    return hasher.hash(prepared(password))


@lru_cache(maxsize=1)
def dummy_hash() -> str:
    """A hash of nothing anybody knows, with the same parameters: an unknown name is
    checked against it, so that it costs the same time as a wrong password."""
    import secrets

    return hasher.hash(secrets.token_urlsafe(24))


def verify(stored: str | None, password: str) -> bool:
    """Whether `password` matches `stored` (None: an unknown name, checked against
    the dummy hash all the same)."""
    try:
        hasher.verify(stored if stored is not None else dummy_hash(), prepared(password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False
    return stored is not None


def needs_rehash(stored: str) -> bool:
    return hasher.check_needs_rehash(stored)
