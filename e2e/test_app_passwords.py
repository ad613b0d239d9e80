"""App passwords in the web app: one made from the account menu is shown once and signs a
podcast app in to the gPodder API; revoked from the same dialog, it no longer does."""

from __future__ import annotations

import base64
import urllib.error
import urllib.request

from conftest import unique
from helpers import click, js_wait, sign_up_in_page


def gpodder_status(base: str, username: str, password: str) -> int:
    """What a podcast app gets when it signs in as gPodder clients do (HTTP Basic)."""
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    request = urllib.request.Request(f"{base}/api/2/auth/{username}/login.json", method="POST", data=b"",
                                     headers={"Authorization": f"Basic {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_an_app_password_made_in_the_menu_signs_an_app_in_until_revoked(server, browsers):
    page = browsers()
    name = unique("apps")
    sign_up_in_page(page, server.base, name)
    click(page, "#account-button")
    click(page, "#open-app-passwords")
    js_wait(page, "document.querySelector('#app-password-list')?.textContent.includes('None yet')", message="an empty list")
    page.execute_script("document.getElementById('app-password-name').value = 'AntennaPod on my phone';")
    click(page, "#app-password-create")
    js_wait(page, "!!document.querySelector('#app-password-secret')?.value", message="the new secret shown")
    secret = page.execute_script("return document.getElementById('app-password-secret').value")
    js_wait(page, "document.querySelector('#app-password-list .app-password-name')?.textContent === 'AntennaPod on my phone'",
            message="the app password listed")
    # The list never shows the secret; only the one-time box does.
    assert secret not in page.execute_script("return document.getElementById('app-password-list').textContent")

    assert gpodder_status(server.base, name, secret) == 200
    assert gpodder_status(server.base, name, secret + "x") == 401

    click(page, "#app-password-list button[data-act='revoke']")
    click(page, "#dialog-confirm")
    js_wait(page, "document.querySelector('#app-password-list')?.textContent.includes('None yet')", message="the list empty again")
    assert gpodder_status(server.base, name, secret) == 401
