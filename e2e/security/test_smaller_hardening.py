"""Issue #13, item 11: look-alike usernames were accepted as new accounts; API answers lacked
X-Content-Type-Options: nosniff; with two session cookies the first one won; a cross-site GET of
a share link added it to the victim's shared list."""

from __future__ import annotations

import pytest

from .wire import get_json, request, sign_up, upload, tone


@pytest.mark.parametrize("look_alike", ["\u0430dmin1", "admin\uff11", "ADMIN1", "\uff41\uff44\uff4d\uff49\uff4e1",
                                        "admin1\u200b", "ad\u00admin1"])
def test_a_look_alike_username_is_not_a_second_account(start_server, admin, look_alike):
    server = start_server()
    admin(server)
    sign_up(server, "admin1")
    reply = request(server, "POST", "/api/auth/signup", body={"username": look_alike, "password": "password-123"})
    assert reply.status in (400, 409), f"{look_alike!r} became an account next to 'admin1': {reply.status}"
    assert "error" in reply.json()


def test_api_answers_say_nosniff(start_server, admin):
    server = start_server()
    token = admin(server)
    track = upload(server, token, "sniff.wav", tone()).json()["tracks"][0]
    for method, path, body, cookie in (("GET", "/api/status", None, None), ("GET", "/api/library", None, token),
                                       ("GET", "/api/nowhere", None, token), ("GET", "/api/library", None, None),
                                       ("POST", "/api/auth/login", {"username": "x", "password": "y"}, None),
                                       ("GET", f"/api/tracks/{track['id']}", None, token), ("GET", "/", None, None)):
        reply = request(server, method, path, body=body, cookie=cookie)
        assert reply.header("X-Content-Type-Options") == "nosniff", f"{method} {path} ({reply.status})"


def test_two_session_cookies_are_refused(start_server, admin):
    server = start_server()
    admin_token = admin(server)
    user_token = sign_up(server, "mallory")
    for pair in ((user_token, admin_token), (admin_token, user_token), ("forged", admin_token)):
        cookie = "; ".join(f"blastoise_session={token}" for token in pair)
        reply = request(server, "GET", "/api/auth/me", headers={"Cookie": cookie})
        assert reply.status == 400, f"two session cookies answered {reply.status}: {reply.body[:200]!r}"
        reply = request(server, "POST", "/api/channels", body={"name": "two cookies"}, headers={"Cookie": cookie})
        assert reply.status == 400
    assert [r["name"] for r in get_json(server, "/api/channels", admin_token)] == ["Main Room"]


def test_a_get_of_a_share_link_changes_nothing(start_server, admin):
    server = start_server()
    owner = admin(server)
    victim = sign_up(server, "victim")
    playlist = request(server, "POST", "/api/playlists", body={"name": "bait"}, cookie=owner).json()
    shared = request(server, "POST", f"/api/playlists/{playlist['id']}/share", body={}, cookie=owner).json()
    token = shared["shareToken"]
    before = get_json(server, "/api/playlists", victim)
    # What a cross-site page can make the victim's browser do: a navigation or an <img> GET.
    for headers in ({}, {"Sec-Fetch-Site": "cross-site", "Referer": "http://evil.example/"}):
        reply = request(server, "GET", f"/api/playlists/shared/{token}", headers=headers, cookie=victim)
        assert reply.status == 200 and reply.json()["id"] == playlist["id"]
    assert get_json(server, "/api/playlists", victim) == before, "a GET of a share link changed the victim's lists"
    # Remembering it takes a POST (which the Origin check guards).
    cross = request(server, "POST", f"/api/playlists/shared/{token}/remember", body={},
                    headers={"Origin": "http://evil.example"}, cookie=victim)
    assert cross.status == 403
    assert request(server, "POST", f"/api/playlists/shared/{token}/remember", body={}, cookie=victim).status == 200
    assert [p["id"] for p in get_json(server, "/api/playlists", victim)["shared"]] == [playlist["id"]]
