"""Issue #13, item 5: a room socket must not outlive its session. Once the session ends — sign-out,
kick-others, a new sign-in with the old cookie, the account removed, a guest pushed out by its
address's limit — the server closes the socket, and pause/unpause/seek/jump sent on it after
that change nothing in the room.

Each test first proves the socket could act (a seek it sends moves the room), then ends the
session, keeps sending control actions as an attacker would, and checks the room after the
server has let the socket go (its listener left the room: every message the server took from
that socket has been handled by then)."""

from __future__ import annotations

import pytest

from helpers import poll_until
from .wire import RoomSocket, database_rows, database_write, get_json, log_in, request, sign_up

PAUSED_AT = 12.0
PROBE_SEEK = 17.0
ATTACKS = [{"action": "unpause"}, {"action": "seek", "timestamp": 25.0}, {"action": "jump", "index": 1},
           {"action": "pause"}, {"action": "seek", "timestamp": 3.0}]


def room_state(server, admin_token, room):
    return get_json(server, f"/api/channels/{room}", admin_token)


def paused_room(server, admin_token) -> str:
    """The default room (two tracks), paused at PAUSED_AT by the admin, with nobody in it."""
    room = next(r["id"] for r in get_json(server, "/api/channels", admin_token) if r["isDefault"])
    admin_socket = RoomSocket.open(server, room, admin_token)
    admin_socket.wait_for(lambda m: "type" not in m, "the room's state")
    admin_socket.send_json({"action": "pause"})
    admin_socket.send_json({"action": "seek", "timestamp": PAUSED_AT})
    poll_until(lambda: room_state(server, admin_token, room),
               lambda s: s["paused"] and s["currentTimestamp"] == PAUSED_AT, message="the room paused at 12 s")
    admin_socket.close()
    poll_until(lambda: room_state(server, admin_token, room), lambda s: s["listenerCount"] == 0,
               message="the admin's socket gone")
    return room


def joined(server, room, token) -> RoomSocket:
    socket = RoomSocket.open(server, room, token)
    socket.wait_for(lambda m: "type" not in m and m.get("channelId") == room, "the room's state on connect")
    return socket


def prove_control(server, admin_token, room, socket) -> None:
    """The socket can move the room while its session lives (else the test below proves nothing);
    then the room goes back to PAUSED_AT."""
    socket.send_json({"action": "seek", "timestamp": PROBE_SEEK})
    poll_until(lambda: room_state(server, admin_token, room), lambda s: s["currentTimestamp"] == PROBE_SEEK,
               message="the live socket's seek")
    socket.send_json({"action": "seek", "timestamp": PAUSED_AT})
    poll_until(lambda: room_state(server, admin_token, room), lambda s: s["currentTimestamp"] == PAUSED_AT,
               message="the room back at 12 s")


def attack_and_check(server, admin_token, room, socket, expect_kick_reason: str | None) -> None:
    for action in ATTACKS:  # right away, before reading what the server said
        socket.try_send_json(action)
    closed = socket.wait_closed()
    kicks = [m for m in socket.received if m.get("type") == "kick"]
    assert closed.code == 1008, f"socket ended with {closed} (expected close 1008); got {socket.received[-3:]}"
    assert kicks, "the socket was closed without a kick message"
    if expect_kick_reason:
        assert kicks[-1]["reason"] == expect_kick_reason
    for action in ATTACKS:  # and after the close frame: the server must not read these either
        socket.try_send_json(action)
    state = poll_until(lambda: room_state(server, admin_token, room), lambda s: s["listenerCount"] == 0,
                       message="the ended socket's listener gone from the room")
    socket.close()
    assert state["paused"] is True, "an ended session's socket unpaused the room"
    assert state["currentIndex"] == 0, "an ended session's socket jumped"
    assert state["currentTimestamp"] == PAUSED_AT, "an ended session's socket seeked"


@pytest.fixture()
def room_server(start_server, admin):
    server = start_server(tracks=2)
    admin_token = admin(server, expected_tracks=2)
    room = paused_room(server, admin_token)
    return server, admin_token, room


def test_sign_out_closes_the_socket_and_its_actions_do_nothing(room_server):
    server, admin_token, room = room_server
    alice = sign_up(server, "alice")
    socket = joined(server, room, alice)
    prove_control(server, admin_token, room, socket)
    assert request(server, "POST", "/api/auth/logout", body={}, cookie=alice).status == 200
    attack_and_check(server, admin_token, room, socket, "Signed out")


def test_kick_others_closes_the_other_sessions_socket(room_server):
    server, admin_token, room = room_server
    stolen = sign_up(server, "bob")
    socket = joined(server, room, stolen)
    prove_control(server, admin_token, room, socket)
    own = log_in(server, "bob")
    reply = request(server, "POST", "/api/auth/kick-others", body={}, cookie=own)
    assert reply.status == 200 and reply.json()["count"] == 1, reply.body
    attack_and_check(server, admin_token, room, socket, "Kicked by another session")
    assert get_json(server, "/api/auth/me", own)["user"]["username"] == "bob", "kick-others ended the caller too"


def test_signing_in_again_ends_the_old_sessions_socket(room_server):
    """Every sign-in rotates the token: the session the request came with ends, its socket too."""
    server, admin_token, room = room_server
    old = sign_up(server, "carol")
    socket = joined(server, room, old)
    prove_control(server, admin_token, room, socket)
    new = log_in(server, "carol", cookie=old)
    assert new != old
    attack_and_check(server, admin_token, room, socket, None)
    assert get_json(server, "/api/auth/me", old)["user"] is None


def test_account_removed_from_the_database_its_socket_cannot_act(room_server):
    """The server has no route that removes an account; an operator deleting the row (and, by the
    foreign key, its sessions) while the server runs is what removal looks like today. The socket
    is re-checked when it acts: the first control action closes it instead of acting."""
    server, admin_token, room = room_server
    dave = sign_up(server, "dave")
    socket = joined(server, room, dave)
    prove_control(server, admin_token, room, socket)
    assert database_write(server, "DELETE FROM users WHERE username = ?", ("dave",)) == 1
    assert database_rows(server, "SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id "
                                 "WHERE u.username = 'dave'") == [(0,)]
    attack_and_check(server, admin_token, room, socket, "Your session has ended")
    assert get_json(server, "/api/auth/me", dave)["user"] is None


def test_a_guest_pushed_out_by_its_addresss_limit_loses_its_socket(start_server, admin):
    """With --guests one address holds at most 20 live guest sessions; the 21st ends the oldest,
    whose socket must close (a guest cannot control, so only the close is checked here)."""
    server = start_server(guests=True, tracks=1)
    admin_token = admin(server, expected_tracks=1)
    room = next(r["id"] for r in get_json(server, "/api/channels", admin_token) if r["isDefault"])
    first = request(server, "GET", "/api/auth/me")
    guest_token = first.cookie()
    assert first.status == 200 and first.json()["user"]["isGuest"] and guest_token
    socket = joined(server, room, guest_token)
    for _ in range(20):
        assert request(server, "GET", "/api/channels").status == 200
    closed = socket.wait_closed()
    assert closed.code == 1008, closed
    socket.close()
    me = get_json(server, "/api/auth/me", guest_token)["user"]
    assert me is None or me["username"] != first.json()["user"]["username"], "the pushed-out guest lives on"


def test_ending_one_session_leaves_other_sessions_sockets_alone(room_server):
    """Ending one session leaves other sessions' sockets alone (the close is per session)."""
    server, admin_token, room = room_server
    erin = sign_up(server, "erin")
    frank = sign_up(server, "frank")
    erin_socket = joined(server, room, erin)
    frank_socket = joined(server, room, frank)
    assert request(server, "POST", "/api/auth/logout", body={}, cookie=erin).status == 200
    assert erin_socket.wait_closed().code == 1008
    frank_socket.send_json({"action": "seek", "timestamp": PROBE_SEEK})
    poll_until(lambda: room_state(server, admin_token, room), lambda s: s["currentTimestamp"] == PROBE_SEEK,
               message="the other session's socket still controls the room")
    frank_socket.send_json({"action": "ping", "clientTime": 1.0})
    frank_socket.wait_for(lambda m: m.get("type") == "pong", "a pong on the live socket")
    erin_socket.close()
    frank_socket.close()
