"""Issue #13, item 9: DNS rebinding. A page on evil.example whose name the attacker re-points at
this server sent sign-up with Host and Origin both evil.example and got 200 — on a fresh server
that made the attacker the admin. Now a request must name the server in Host (else 421), and the
first account is made only from this machine (loopback, no forwarding headers, no trusted proxy)
or with the one-time setup code from the log."""

from __future__ import annotations

import pytest

from .wire import HandshakeRefused, RoomSocket, database_rows, get_json, request, setup_code, sign_up

EVIL = {"Host": "evil.example", "Origin": "http://evil.example"}
CREDENTIALS = {"username": "rebinder", "password": "password-123"}


def assert_misdirected(reply) -> None:
    assert reply.status == 421, f"{reply.status} {reply.body[:200]!r}"
    assert "error" in reply.json()


def test_a_foreign_host_is_answered_421_and_makes_no_account(start_server):
    server = start_server(guests=True)
    assert_misdirected(request(server, "POST", "/api/auth/signup", body=CREDENTIALS, headers=EVIL))
    assert database_rows(server, "SELECT COUNT(*) FROM users") == [(0,)], "a rebinding page made an account"
    for host in ("evil.example", f"evil.example:{server.port}", f"127.0.0.1:{server.port + 1}", "localhost.evil.example",
                 f"127.0.0.1.nip.io:{server.port}", "[::2]", ""):
        for method, path in (("GET", "/api/auth/me"), ("GET", "/"), ("GET", "/api/status"), ("GET", "/api/library")):
            reply = request(server, method, path, headers={"Host": host})
            assert reply.status in (400, 421), f"{method} {path} with Host {host!r}: {reply.status}"
            assert not reply.cookie(), f"Host {host!r} got a guest session"
    assert database_rows(server, "SELECT COUNT(*) FROM guest_sessions") == [(0,)]
    # The server's own names work.
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"LOCALHOST.:{server.port}"):
        assert request(server, "GET", "/api/status", headers={"Host": host}).status == 200, host
    # Then the first account from this machine is the admin, as before.
    admin = sign_up(server, "owner")
    assert get_json(server, "/api/auth/me", admin)["user"]["isAdmin"] is True


def test_a_signed_in_users_cookie_does_not_work_under_a_foreign_host(start_server, admin):
    server = start_server(tracks=1)
    token = admin(server, expected_tracks=1)
    room = get_json(server, "/api/channels", token)[0]["id"]
    for method, path, body in (("GET", "/api/library", None), ("GET", "/api/channels", None),
                               ("POST", "/api/channels", {"name": "rebound"}),
                               ("POST", f"/api/channels/{room}/seek", {"timestamp": 5})):
        assert_misdirected(request(server, method, path, body=body, headers=EVIL, cookie=token))
    with pytest.raises(HandshakeRefused) as refused:
        RoomSocket.open(server, room, token, headers={"Host": "evil.example", "Origin": "http://evil.example"})
    assert refused.value.status == 421
    assert [r["name"] for r in get_json(server, "/api/channels", token)] == ["Main Room"]


@pytest.mark.parametrize("forwarding", [{"X-Forwarded-For": "203.0.113.5"}, {"Forwarded": "for=203.0.113.5"},
                                        {"X-Real-IP": "203.0.113.5"}, {"X-Forwarded-Host": "tunes.example"}])
def test_the_first_account_from_elsewhere_needs_the_setup_code(start_server, forwarding):
    """A request that came through a proxy (it says so in a forwarding header) is not from this
    machine, though its peer is loopback: a same-host tunnel or nginx connects from 127.0.0.1
    for everyone on the internet."""
    server = start_server()
    code = setup_code(server)
    refused = request(server, "POST", "/api/auth/signup", body=CREDENTIALS, headers=forwarding)
    assert refused.status == 403 and "setup code" in refused.json()["error"]
    wrong = request(server, "POST", "/api/auth/signup", body={**CREDENTIALS, "setupCode": code[::-1] + "x"},
                    headers=forwarding)
    assert wrong.status == 403
    assert database_rows(server, "SELECT COUNT(*) FROM users") == [(0,)]
    token = sign_up(server, CREDENTIALS["username"], CREDENTIALS["password"], setup_code=code, headers=forwarding)
    assert get_json(server, "/api/auth/me", token)["user"]["isAdmin"] is True
    # Later accounts are ordinary users, and need no code.
    later = sign_up(server, "second", headers=forwarding)
    assert get_json(server, "/api/auth/me", later)["user"]["isAdmin"] is False


def test_behind_a_trusted_proxy_even_a_loopback_peer_needs_the_setup_code(start_server):
    server = start_server(extra=["--trust-proxy"])
    refused = request(server, "POST", "/api/auth/signup", body=CREDENTIALS)
    assert refused.status == 403
    token = sign_up(server, CREDENTIALS["username"], CREDENTIALS["password"], setup_code=setup_code(server))
    assert get_json(server, "/api/auth/me", token)["user"]["isAdmin"] is True


def test_the_public_url_host_is_answered(start_server):
    server = start_server(extra=["--public-url", "https://tunes.example"])
    assert request(server, "GET", "/api/status", headers={"Host": "tunes.example"}).status == 200
    assert_misdirected(request(server, "GET", "/api/status", headers={"Host": "tunes.example.evil.example"}))
    assert_misdirected(request(server, "GET", "/api/status", headers={"Host": "tunes.example:8443"}))
