"""The accounts' HTTP API: create one, sign in and out, who am I (with my seats), delete
me. Accounts are optional: every game can be played with seat links as before.

- A wrong password and an unknown name get the same answer (401, the same bytes) after
  the same work: an unknown name is checked against a dummy hash of the same cost.
- Sign-in attempts are counted per name and per address over `limits.signin_window`
  seconds, in the database (every process sees them): past the limit, 429 for either,
  whether the name exists or not. An attempt that succeeds is not counted.
- The session cookie is HttpOnly, SameSite=Lax, Secure over https, and new at every
  sign-in (the session the browser had ends).
- Requests that change something are checked for their origin (server/origin.py).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field

from cardtable import load_game
from cardtable.server import names, passwords
from cardtable.server.accounts import SESSION_DAYS, Account, Accounts, NameTaken
from cardtable.server.api_models import Account as AccountModel
from cardtable.server.api_models import Deleted, KeptSeat, Me, SignedOut, Whole, answers
from cardtable.server.live import SESSION_COOKIE, client_address
from cardtable.server.rooms import RoomError
from cardtable.server.storage import holds

COOKIE = SESSION_COOKIE
WRONG = "wrong name or password"

router = APIRouter()
T = TypeVar("T")


class Credentials(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=1024)


class Confirm(BaseModel):
    password: str = Field(max_length=1024)


class HeldSeat(BaseModel):
    game: str = Field(max_length=32)
    seat: Whole = Field(ge=0, le=7)
    token: str = Field(max_length=64)


def _state(request: Request) -> Any:
    return request.app.state


async def _db(request: Request, fn: Callable[..., T], *args: Any) -> T:
    result: T = await _state(request).rooms.writer.call(fn, *args)
    return result


async def _hashing(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """argon2 work in a thread, a bounded number at once (each takes a core)."""
    async with _state(request).hashing:
        return await asyncio.to_thread(fn, *args)


async def current_account(request: Request) -> Account | None:
    """The account the request's session cookie signs in, if any."""
    cookie = request.cookies.get(COOKIE)
    if not cookie or len(cookie) > 100:
        return None
    accounts: Accounts = _state(request).accounts
    return await _db(request, accounts.session, cookie)


def _sign_in(request: Request, response: Response, cookie: str) -> None:
    response.set_cookie(COOKIE, cookie, max_age=SESSION_DAYS * 86400, path="/",
                        httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")


def _public(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "created": account.created}


@router.post("/api/accounts", status_code=201, response_model=None, responses=answers(
    AccountModel, status=201, said="the account, signed in (a new session cookie)",
    body=True, changes=True, refusals={
        400: "a name or password that may not be used: `detail` says why",
        409: "this name, or one that looks like it, is taken",
        429: "the accounts an address may create in a while are made"}))
async def create_account(spec: Credentials, request: Request,
                         response: Response) -> dict[str, Any]:
    """Create an account (and sign in to it). 400: a name or password that may not be
    used, saying why; 409: the name, or one that looks like it, is taken."""
    limits = _state(request).limits
    accounts: Accounts = _state(request).accounts
    try:
        name = names.check(spec.name)
    except names.NameError_ as exc:
        raise HTTPException(400, str(exc)) from None
    key = names.key(name)
    try:
        password = passwords.check(spec.password, key)
    except passwords.PasswordRefused as exc:
        raise HTTPException(400, str(exc)) from None
    counts, _ = await _db(request, accounts.attempt,
                          [f"signup:{client_address(request)}"], limits.signin_window)
    if counts[0] > limits.signups_per_address:
        raise HTTPException(429, "too many accounts made from your address: try later")
    hashed = await _hashing(request, passwords.hash_password, password)
    try:
        account = await _db(request, accounts.create, name, key, names.skeleton(name), hashed)
    except NameTaken:
        raise HTTPException(409, "this name, or one that looks like it, is taken") from None
    cookie = await _db(request, accounts.start_session, account.id,
                       request.cookies.get(COOKIE))
    _sign_in(request, response, cookie)
    return _public(account)


@router.post("/api/session", response_model=None, responses=answers(
    AccountModel, said="signed in: a new session cookie", body=True, changes=True,
    refusals={401: WRONG + " (the same answer for both)",
              429: "past the sign-in attempts allowed to the name or the address"}))
async def sign_in(spec: Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Sign in: a new session cookie. 401 for a wrong name or password alike; 429
    past the attempts allowed to the name or the address."""
    limits = _state(request).limits
    accounts: Accounts = _state(request).accounts
    # a name that could not be an account's is looked up nowhere (it may hold what a
    # database refuses, a NUL or a lone surrogate), yet costs the same
    try:
        key: str | None = names.key(names.check(spec.name))
    except names.NameError_:
        key = None
    counted = hashlib.sha256(names.key(spec.name).encode("utf-8", "surrogatepass")).hexdigest()
    counts, ids = await _db(request, accounts.attempt,
                            [f"name:{counted}", f"addr:{client_address(request)}"],
                            limits.signin_window)
    if counts[0] > limits.signin_per_name or counts[1] > limits.signin_per_address:
        await _db(request, accounts.forget_attempts, ids)   # refused: not an attempt
        raise HTTPException(429, "too many sign-in attempts for this name or from your "
                                 f"address: try again in {limits.signin_window / 60:g} "
                                 "minutes")
    found = await _db(request, accounts.by_key, key) if key is not None else None
    stored = found[1] if found is not None else None
    ok = await _hashing(request, passwords.verify, stored, spec.password)
    if not ok or found is None:
        raise HTTPException(401, WRONG)
    account = found[0]
    await _db(request, accounts.forget_attempts, ids)
    if stored is not None and passwords.needs_rehash(stored):
        hashed = await _hashing(request, passwords.hash_password, spec.password)
        await _db(request, accounts.set_password, account.id, hashed)
    cookie = await _db(request, accounts.start_session, account.id,
                       request.cookies.get(COOKIE))
    _sign_in(request, response, cookie)
    return _public(account)


@router.delete("/api/session", response_model=None, responses=answers(
    SignedOut, said="signed out: the session ends and its cookie is cleared",
    changes=True, checked=False))
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    cookie = request.cookies.get(COOKIE)
    if cookie and len(cookie) <= 100:
        await _db(request, _state(request).accounts.end_session, cookie)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")
    return {"signed_in": False}


@router.get("/api/me", response_model=None, responses=answers(
    Me, said="the account signed in and its seats", checked=False,
    refusals={401: "not signed in"}))
async def me(request: Request) -> dict[str, Any]:
    """The account signed in, and its seats with their links (newest game first): on
    any device, signing in brings them back."""
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, "not signed in")
    seats = await _db(request, _state(request).accounts.seats, account.id)
    for seat in seats:
        seat["title"] = seat["title"] or load_game(seat["game"]).title
    return {**_public(account), "seats": seats}


@router.post("/api/me/seats", response_model=None, responses=answers(
    KeptSeat, said="the seat follows the account from now on", body=True, changes=True,
    refusals={401: "not signed in", 404: "no such game",
              403: "that token does not hold this seat",
              409: "this seat belongs to another account"}))
async def keep_seat(spec: HeldSeat, request: Request) -> dict[str, Any]:
    """Bind a seat this browser holds (its token) to the account signed in: a guest's
    seat, or one handed out by link, follows the account from now on. 403 when the
    token does not hold the seat, 409 when another account has it."""
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, "not signed in")
    try:
        room = await _state(request).rooms.load(spec.game)
    except RoomError as exc:
        raise HTTPException(404, exc.message) from None
    if spec.seat >= len(room.row.seats) or not holds(room.row.seats[spec.seat], spec.token):
        raise HTTPException(403, "that token does not hold this seat")
    if not await _db(request, _state(request).accounts.bind_seat, spec.game, spec.seat,
                     account.id):
        raise HTTPException(409, "this seat belongs to another account")
    room.row.seats[spec.seat].account = account.id
    return {"game": spec.game, "seat": spec.seat, "account": account.name}


@router.delete("/api/me", response_model=None, responses=answers(
    Deleted, said="the account is deleted and signed out", body=True, changes=True,
    refusals={401: "not signed in", 403: "that is not this account's password"}))
async def delete_me(spec: Confirm, request: Request, response: Response) -> dict[str, Any]:
    """Delete the account signed in (its password again, to be sure). Its games stay,
    its seats named as a guest's would be."""
    account = await current_account(request)
    if account is None:
        raise HTTPException(401, "not signed in")
    accounts: Accounts = _state(request).accounts
    found = await _db(request, accounts.by_key, names.key(account.name))
    stored = found[1] if found is not None else None
    if not await _hashing(request, passwords.verify, stored, spec.password):
        raise HTTPException(403, "that is not this account's password")
    games = await _db(request, accounts.delete, account.id)
    rooms = _state(request).rooms
    for game_id in games:      # the rooms here show the new names now (PostgreSQL's
        room = rooms.rooms.get(game_id)   # other processes hear of it from the database)
        if room is not None:
            await room.refresh()
            room.broadcast_seats()
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")
    return {"deleted": account.name}
