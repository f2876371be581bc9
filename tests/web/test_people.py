"""Accounts and chat in Chromium (issue 27, parts 1, 2 and 6): the lobby's account panel
signs up, in and out, and lists the account's games, which another device resumes after
signing in; chat lines that try to be markup, script, a direction override or a flood
are shown as text and nothing in them runs; muting is the browser's own and lasts;
spectators never see the players' room; a game with one person has no chat."""

from __future__ import annotations

import secrets
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import SIZES, abandon_later, checked_page, create_game, serious, shot

PASSWORD = "a long and quiet river"
PAYLOADS = ["<script>window.__pwned = 1</script>",
            '<img src=x onerror="window.__pwned = 2">',
            "\u202eexe.txt: looks reversed",
            "<b>bold?</b> &amp; <a href=javascript:window.__pwned=3>click</a>"]
# what each line shows: the markup as typed; the direction override gone
SHOWN = [PAYLOADS[0], PAYLOADS[1], "exe.txt: looks reversed", PAYLOADS[3]]


def unique_name(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def sign_up_in_lobby(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#account-who")
    assert page.inner_text("#account-who") == name


def test_an_account_made_in_the_lobby_resumes_its_game_on_another_device(
        tab: Page, browser: Browser, server: Any, size: str) -> None:
    name = unique_name("Ada")
    tab.goto(server.base + "/")
    # a weak password is refused with the server's reason, nothing is made
    tab.fill("#account-name", name)
    tab.fill("#account-password", "password123")
    tab.click("#sign-up")
    tab.wait_for_selector("#account-error:not(:empty)")
    assert "most common" in tab.inner_text("#account-error")
    shot(tab, f"account-signed-out-{size}")
    sign_up_in_lobby(tab, server.base, name)
    # a game made from the lobby's form while signed in: seat 1 is the account's
    tab.select_option("#game", "thalara")
    tab.click("#create")
    tab.wait_for_selector("#created")
    link = tab.get_attribute("#play-link", "href") or ""
    abandon_later(server.base, link)
    game_id = link.split("#")[0].split("/")[-1]
    assert f"Seat 1 ({name})" in tab.inner_text("#created")
    tab.reload()
    tab.wait_for_selector(f"#my-games li[data-game='{game_id}']")
    assert "null" not in tab.inner_text("#account")
    assert serious(tab) == [], "the lobby signed in"
    assert tab.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shot(tab, f"account-signed-in-{size}")
    # another device: nothing there until it signs in, then the game with its seat
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone") as phone:
        phone.goto(server.base + "/")
        phone.wait_for_selector("#sign-in")
        assert phone.locator("#my-games").count() == 0
        phone.fill("#account-name", name.upper())        # names are not case-sensitive
        phone.fill("#account-password", PASSWORD)
        phone.click("#sign-in")
        row = phone.locator(f"#my-games li[data-game='{game_id}']")
        row.wait_for()
        row.get_by_role("link", name="Resume").click()
        phone.wait_for_function("() => window.cardtable && window.cardtable.snap")
        assert phone.evaluate("() => window.cardtable.seat") == 0
        assert phone.evaluate("() => window.cardtable.token") == link.split("token=")[1]
        # signing out there leaves the seat this device now holds, and signs nobody in
        phone.goto(server.base + "/")
        phone.click("#sign-out")
        phone.wait_for_selector("#sign-in")
        assert phone.evaluate("() => fetch('/api/me').then((r) => r.status)") == 401
    assert serious(tab) == [], "the lobby signed out"


def texts_of(page: Page, part: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(f"#chat-lines {part}",
                                                 "els => els.map((e) => e.textContent)")
    return found


def two_players(server: Any) -> dict[str, Any]:
    return create_game(server.base, {"game": "thalara", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})


def open_seat(page: Page, base: str, made: dict[str, Any], seat: int, size: str) -> None:
    page.goto(base + made["seats"][seat]["link"])
    page.wait_for_function("() => window.cardtable && window.cardtable.snap")
    if size == "phone":
        page.click("#tab-log")      # the chat is under the Log tab on a phone
    page.wait_for_selector("#chat-input")


def test_chat_lines_are_text_and_nothing_in_them_runs(
        tab: Page, browser: Browser, server: Any, size: str) -> None:
    made = two_players(server)
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_seat(tab, server.base, made, 0, size)
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone") as bob:
        bob.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        open_seat(bob, server.base, made, 1, size)
        for text in PAYLOADS:
            bob.fill("#chat-input", text)
            bob.press("#chat-input", "Enter")
            bob.wait_for_function("(n) => document.querySelectorAll('#chat-lines li').length >= n",
                                  arg=PAYLOADS.index(text) + 1)
        # a 10 kB line, sent past the page's own field: the server refuses it, the
        # page says so, and nothing of it shows; so is a line of 301 characters
        bob.evaluate("() => window.cardtable.conn.send({type: 'chat', text: 'W'.repeat(10240)})")
        bob.wait_for_selector("#error:not(:empty)")
        assert "at most 4096 bytes" in bob.inner_text("#error")
        bob.evaluate("() => window.cardtable.conn.send({type: 'chat', text: 'W'.repeat(301), "
                     "id: 'chat'})")
        bob.wait_for_selector("#chat-note:not(:empty)")
        assert "at most 300 characters" in bob.inner_text("#chat-note")
        # a line at the limit wraps inside the box
        bob.fill("#chat-input", "M" * 300)
        bob.press("#chat-input", "Enter")
        for page in (tab, bob):     # each page hears the line on its own connection
            page.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 5")
        for page in (tab, bob):
            assert texts_of(page, ".chat-text") == [*SHOWN, "M" * 300]
            assert page.evaluate("() => window.__pwned") is None
            assert page.locator("#chat-lines img, #chat-lines script, #chat-lines a, "
                                "#chat-lines b:not(.chat-name)").count() == 0
            assert page.evaluate("() => { const l = document.getElementById('chat-lines'); "
                                 "return l.scrollWidth <= l.clientWidth; }")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= SIZES[size]["width"]
        assert dialogs == []
        # the names are the seats' own
        assert texts_of(tab, ".chat-name") == ["Bob"] * 5
        assert serious(tab) == [], "the table with chat"
        shot(tab, f"chat-payloads-{size}")
        # Ann mutes Bob: his lines are hidden here, and stay hidden after a reload
        tab.locator("#chat-lines li").first.get_by_role("button", name="mute Bob").click()
        assert tab.locator("#chat-lines li").count() == 0
        assert "muted: Bob" in tab.inner_text("#chat-muted")
        # (Bob has said the 5 lines a burst allows: the next one waits its 2 s)
        bob.wait_for_timeout(2500)
        bob.fill("#chat-input", "can you hear me?")
        bob.press("#chat-input", "Enter")
        bob.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 6")
        open_seat(tab, server.base, made, 0, size)
        tab.wait_for_selector("#chat-muted button")
        assert tab.locator("#chat-lines li").count() == 0
        # ... and Bob still sees his own lines: muting is Ann's alone
        assert bob.locator("#chat-lines li").count() == 6
        tab.get_by_role("button", name="unmute Bob").click()
        tab.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 6",
                              timeout=5000)
        # six lines typed at once: past the burst the server refuses, the page says so
        # and the refused line is back in the field to say again
        bob.evaluate("() => { const c = window.cardtable.chat; for (let i = 0; i < 6; i++) "
                     "{ c.input.value = `burst ${i}`; c.say(); } }")
        bob.wait_for_selector("#chat-note:not(:empty)")
        assert "at most 5 chat lines at once" in bob.inner_text("#chat-note")
        assert bob.input_value("#chat-input") == "burst 5"


def test_a_spectator_never_sees_the_players_room_and_a_lone_player_has_no_chat(
        tab: Page, browser: Browser, server: Any, size: str) -> None:
    made = two_players(server)
    open_seat(tab, server.base, made, 0, size)
    tab.fill("#chat-input", "our secret plan")
    tab.press("#chat-input", "Enter")
    tab.wait_for_selector("#chat-lines li")
    with checked_page(browser, viewport=SIZES[size], has_touch=size == "phone") as watcher:
        watcher.goto(f"{server.base}/g/{made['id']}?watch=1")
        watcher.wait_for_function("() => window.cardtable && window.cardtable.snap")
        if size == "phone":
            watcher.click("#tab-log")
        watcher.wait_for_selector("#chat-sign-in")        # its room needs an account
        assert "Spectators' chat" in watcher.inner_text("#chat")
        assert watcher.locator("#chat-lines li").count() == 0
        assert "our secret plan" not in watcher.content()
        shot(watcher, f"chat-spectator-{size}")
    alone = create_game(server.base, {"game": "thalara", "seats": [
        {"kind": "human"}, {"kind": "computer", "agent": "random"}]})
    tab.goto(server.base + alone["seats"][0]["link"])
    tab.wait_for_function("() => window.cardtable && window.cardtable.snap")
    assert tab.locator("#chat").is_hidden()


def test_a_seat_joined_while_signed_in_goes_by_the_accounts_name_and_is_listed(
        page: Page, server: Any) -> None:
    made = create_game(server.base, {"game": "thalara", "title": unique_name("open "),
                                     "seats": [{"kind": "human"}, {"kind": "open"}]})
    name = unique_name("Bea")
    sign_up_in_lobby(page, server.base, name)
    page.locator(f"#open-games li[data-game='{made['id']}'] button", has_text="Join").click()
    assert page.inner_text("#join-as") == f"You join as {name}, your account."
    assert page.locator("#join-name").count() == 0
    page.click("#join-go")
    page.wait_for_function("() => window.cardtable && window.cardtable.snap")
    assert page.evaluate("() => window.cardtable.seat") == 1
    assert page.evaluate("() => window.cardtable.ctx.seats[1].name") == name
    page.goto(server.base + "/")
    page.wait_for_selector(f"#my-games li[data-game='{made['id']}']")


def test_seats_a_guest_played_by_link_join_the_account_made_later(
        page: Page, server: Any) -> None:
    made = create_game(server.base, {"game": "thalara", "seats": [
        {"kind": "human"}, {"kind": "computer", "agent": "random"}]})
    page.goto(server.base + made["seats"][0]["link"])      # this browser holds the seat
    page.wait_for_function("() => window.cardtable && window.cardtable.snap")
    sign_up_in_lobby(page, server.base, unique_name("Cy"))
    assert page.locator(f"#my-games li[data-game='{made['id']}']").count() == 0
    assert "null" not in page.inner_text("#account")
    page.click("#keep-seats")
    page.wait_for_selector(f"#my-games li[data-game='{made['id']}']")
    assert page.locator("#keep-seats").count() == 0         # nothing left to add
