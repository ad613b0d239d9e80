"""Issue #13, item 8: a newline in a failed sign-in's username forged a log line. Every logged value
that came from a request is now escaped: control characters, U+2028/U+2029 and bidi overrides are
written as `\\n`, `\\u{1B}`, … so a request can neither end a line nor restyle a terminal."""

from __future__ import annotations

import re

from .wire import connect, log_lines, log_text, read_reply, request

LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \S")
FORGED = "2031-01-01T00:00:00Z pwned"  # short: the log keeps 32 characters of a name
# Characters that end a line or restyle a terminal somewhere: C0/C1 controls (ESC, CR, NEL),
# DEL, line and paragraph separators, bidi overrides and isolates.
HOSTILE = ["\n", "\r", "\x1b", "\x07", "\x7f", "\x85", "\u2028", "\u2029", "\u202e", "\u2066"]


def assert_every_line_is_a_log_line(server) -> None:
    lines = log_lines(server)
    assert lines[-1] == "", "the log does not end with a newline"
    for line in lines[:-1]:
        assert LINE.match(line), f"a log line that the server did not start: {line!r}"
    raw = log_text(server)
    for char in HOSTILE[1:]:
        assert char not in raw, f"U+{ord(char):04X} from a request reached the log raw"


def test_a_newline_in_a_failed_sign_in_does_not_forge_a_line(start_server, admin):
    server = start_server()
    admin(server)
    reply = request(server, "POST", "/api/auth/login",
                    body={"username": "m\n" + FORGED, "password": "wrong-password"})
    assert reply.status == 401
    assert not any(line.lower().startswith(FORGED.lower()) for line in log_lines(server)), "the username forged a log line"
    failed = [line for line in log_lines(server) if "failed sign-in" in line]
    assert len(failed) == 1 and "pwned" in failed[0] and "\\n" in failed[0], failed
    assert_every_line_is_a_log_line(server)


def test_hostile_characters_in_logged_values_are_escaped(start_server, admin):
    server = start_server()
    admin(server)
    for char in HOSTILE:
        name = f"x{char}y"
        assert request(server, "POST", "/api/auth/login", body={"username": name, "password": "nope-nope"}).status \
            in (401, 429)
        # Sign-up refuses such names outright, so "account … created" lines never carry them.
        assert request(server, "POST", "/api/auth/signup",
                       body={"username": name, "password": "password-123"}).status == 400
    # A refused request logs its target: raw bytes in it are escaped too.
    for line in (b"GET /api/tracks/%00\x1b[31m\xe2\x80\xae HTTP/1.1",  # 400 malformed target
                 b"POST /api/nowhere\x1b[2J\x1b]0;owned\x07\r HTTP/1.1"):  # 404 before its body
        sock = connect(server)
        sock.sendall(line + b"\r\nHost: 127.0.0.1:%d\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\n"
                     % server.port)
        reply = read_reply(sock)
        sock.close()
        assert 400 <= reply.status < 500 and "error" in reply.json()
    text = log_text(server)
    assert "%00\\u{1B}[31m\\u{202E}" in text and "nowhere\\u{1B}[2J" in text, "the refused targets were not logged"
    assert_every_line_is_a_log_line(server)
