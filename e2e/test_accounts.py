"""Creating an account: the form's hint states the rules sign-up enforces (the server's own, from
`/api/status`), a name that breaks one is refused with the server's reason, and a name the hint
allows — spaces and signs included — makes an account. Changing one's password."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from conftest import unique
from helpers import Api, ApiError, click, js_wait, sign_in_in_page, sign_up_in_page, text_of


def open_sign_up(page, base: str) -> None:
    page.get(base + "/")
    js_wait(page, "document.querySelector('#auth-form')")
    page.execute_script("document.getElementById('tab-signup').click()")
    js_wait(page, "!document.getElementById('auth-hint').hidden", message="the sign-up hint")


def sign_up(page, username: str, password: str = "password-123") -> None:
    page.execute_script("""
        document.getElementById('auth-username').value = arguments[0];
        document.getElementById('auth-password').value = arguments[1];
        document.getElementById('auth-submit').click();""", username, password)


def test_the_sign_up_hint_is_the_rule_the_server_enforces(server, browsers):
    with urllib.request.urlopen(server.base + "/api/status") as response:
        rules = json.load(response)["credentials"]
    page = browsers()
    open_sign_up(page, server.base)
    hint = text_of(page, "#auth-hint")
    assert f"up to {rules['usernameMaxLength']} characters" in hint and "spaces and signs are fine" in hint, hint
    assert f"at least {rules['passwordMinLength']} characters" in hint, hint

    # Past the length the hint gives: refused, with the server's reason.
    sign_up(page, "n" * (rules["usernameMaxLength"] + 1))
    js_wait(page, "!document.getElementById('auth-error').hidden", message="the refusal")
    assert text_of(page, "#auth-error") == f"Username must be 1–{rules['usernameMaxLength']} characters"
    # Two alphabets (a Cyrillic а in a Latin name): refused too.
    sign_up(page, f"\u0430dmin{int(time.time() * 1000) % 100000}")
    js_wait(page, "document.getElementById('auth-error').textContent.includes('mix')", message="the alphabet refusal")
    # A short password: the hint's other rule.
    sign_up(page, f"pat{int(time.time() * 1000) % 100000}", "short")
    js_wait(page, "document.getElementById('auth-error').textContent.includes('8')", message="the password refusal")

    # Spaces and signs, as the hint says: an account.
    name = f"bob smith! {int(time.time() * 1000) % 100000}"
    sign_up(page, name)
    js_wait(page, "document.querySelector('#app') && window.__blastoise", message="the app after sign-up")
    assert name in page.execute_script("return document.getElementById('account-button').textContent")


def test_changing_the_password_in_the_account_menu(server, browsers):
    """The account menu's Change password: a mismatch and a wrong current password are said in
    the dialog, which stays open; a change signs the other browser out and the new password is
    the one that signs in."""
    page, other = browsers(), browsers()
    name = unique("pw")
    sign_up_in_page(page, server.base, name)
    sign_in_in_page(other, server.base, name)

    def fill(current: str, new: str, again: str) -> None:
        page.execute_script("""
            for (const [id, value] of [['password-current', arguments[0]], ['password-new', arguments[1]], ['password-again', arguments[2]]])
              document.getElementById(id).value = value;
            document.getElementById('password-submit').click();""", current, new, again)

    click(page, "#account-button")
    click(page, "#open-password-change")
    js_wait(page, "document.querySelector('#password-form')", message="the password dialog")
    fill("password-123", "changed-pass-1", "changed-pass-2")
    js_wait(page, "!document.getElementById('password-error').hidden", message="the mismatch")
    assert "not the same" in text_of(page, "#password-error")
    fill("wrong-password", "changed-pass-1", "changed-pass-1")
    js_wait(page, "document.getElementById('password-error').textContent.includes('current password is wrong')",
            message="the server's refusal in the dialog")
    fill("password-123", "changed-pass-1", "changed-pass-1")
    js_wait(page, "!document.querySelector('#password-form')", message="the dialog to close")
    js_wait(page, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent.includes('Password changed; 1 other session'))",
            message="the toast")
    # The other browser is signed out; the new password signs in, the old one does not.
    js_wait(other, "!!document.querySelector('#auth-form')", message="the other browser signed out")
    sign_in_in_page(other, server.base, name, "changed-pass-1")
    with pytest.raises(ApiError) as refused:
        Api(server.base).login(name, "password-123")
    assert refused.value.status == 401


def test_sessions_and_devices_sign_another_browser_out(server, browsers):
    page, other = browsers(), browsers()
    name = unique("sess")
    sign_up_in_page(page, server.base, name)
    sign_in_in_page(other, server.base, name)
    click(page, "#account-button")
    click(page, "#open-sessions")
    js_wait(page, "document.querySelectorAll('#session-list .session-row').length === 2", message="both sessions")
    assert page.execute_script("return document.querySelector('#session-list .session-row strong').textContent") in (
        "This browser", "A browser or app")
    assert page.execute_script(
        "return [...document.querySelectorAll('#session-list strong')].filter(s => s.textContent === 'This browser').length") == 1
    page.execute_script("[...document.querySelectorAll('#session-list .session-row')].find(r => r.querySelector('button'))"
                        ".querySelector('button').click()")
    js_wait(page, "document.querySelectorAll('#session-list .session-row').length === 1", message="the list without it")
    js_wait(other, "!!document.querySelector('#auth-form')", message="the other browser signed out")
