"""What the security tests speak to the server with: raw HTTP/1.1 over a socket (so a test can
send what no well-behaved client would), a minimal WebSocket client (RFC 6455, client side:
masked text frames out, frames in), multipart bodies, looks at the server's log and database,
its setup code, and audio made here (WAV; MP3 by ffmpeg). Standard library, plus pytest.skip."""

from __future__ import annotations

import base64
import http.client
import itertools
import json
import os
import re
import shutil
import socket
import sqlite3
import struct
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from helpers import GUARD, Server, wav_bytes

ADMIN = "sec-admin"
_tones = itertools.count()


# ---------------------------------------------------------------- HTTP


@dataclass
class Reply:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def all(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key.lower() == name.lower()]

    def json(self):
        return json.loads(self.body.decode())

    def cookie(self) -> str | None:
        """The session token a Set-Cookie gave (None if none, "" if it was cleared)."""
        for value in self.all("Set-Cookie"):
            first = value.split(";", 1)[0]
            if first.startswith("blastoise_session="):
                return first.split("=", 1)[1]
        return None


def request(server: Server, method: str, path: str, *, body: bytes | dict | None = None,
            headers: dict[str, str] | None = None, cookie: str | None = None,
            source: str | None = None) -> Reply:
    """One request on a new connection (http.client: it writes Host itself unless given one).
    `cookie` is a session token; `source` a loopback address to connect from (127.0.0.2…)."""
    sent = dict(headers or {})
    if isinstance(body, dict):
        body = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    if cookie is not None:
        sent["Cookie"] = f"blastoise_session={cookie}"
    connection = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=GUARD, source_address=(source, 0) if source else None)
    try:
        skip_host = any(key.lower() == "host" for key in sent)
        connection.putrequest(method, path, skip_host=skip_host, skip_accept_encoding=True)
        for key, value in sent.items():
            connection.putheader(key, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return Reply(response.status, response.getheaders(), response.read())
    finally:
        connection.close()


def connect(server: Server, source: str | None = None) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=GUARD,
                                    source_address=(source, 0) if source else None)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_reply(sock: socket.socket, head_only: bool = False) -> Reply:
    """Reads one HTTP response (Content-Length or chunked body, or to EOF) from a raw socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed before a response head (got {data[:200]!r})")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    reply = Reply(status, headers, b"")
    if head_only:
        reply.body = rest
        return reply
    length = reply.header("Content-Length")
    if length is not None:
        while len(rest) < int(length):
            chunk = sock.recv(65536)
            if not chunk:
                break
            rest += chunk
        reply.body = rest[:int(length)]
    elif (reply.header("Transfer-Encoding") or "").lower() == "chunked":
        body = b""
        while True:
            while b"\r\n" not in rest:
                rest += sock.recv(65536) or b"\r\n"
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            while len(rest) < size + 2:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                rest += chunk
            body, rest = body + rest[:size], rest[size + 2:]
        reply.body = body
    else:
        while chunk := sock.recv(65536):
            rest += chunk
        reply.body = rest
    return reply


# ---------------------------------------------------------------- accounts


def sign_up(server: Server, username: str, password: str = "password-123", setup_code: str | None = None,
            **kwargs) -> str:
    """Signs up (from this machine unless headers say otherwise) and returns the session token."""
    body = {"username": username, "password": password}
    if setup_code is not None:
        body["setupCode"] = setup_code
    reply = request(server, "POST", "/api/auth/signup", body=body, **kwargs)
    assert reply.status == 200, f"sign-up of {username!r}: {reply.status} {reply.body[:300]!r}"
    token = reply.cookie()
    assert token, "sign-up gave no session cookie"
    return token


def log_in(server: Server, username: str, password: str = "password-123", **kwargs) -> str:
    reply = request(server, "POST", "/api/auth/login", body={"username": username, "password": password}, **kwargs)
    assert reply.status == 200, f"sign-in of {username!r}: {reply.status} {reply.body[:300]!r}"
    token = reply.cookie()
    assert token
    return token


def get_json(server: Server, path: str, token: str | None = None):
    reply = request(server, "GET", path, cookie=token)
    assert reply.status == 200, f"GET {path}: {reply.status} {reply.body[:300]!r}"
    return reply.json()


# ---------------------------------------------------------------- multipart


def multipart(files: list[tuple[str, bytes]], field_name: str = "file") -> tuple[bytes, str]:
    """A multipart/form-data body whose parts carry `filename` exactly as given (raw UTF-8 bytes,
    the way browsers send it — no escaping, so a hostile name reaches the server as written)."""
    boundary = "----blastoise-security-" + os.urandom(8).hex()
    body = b""
    for name, data in files:
        body += (f"--{boundary}\r\n".encode()
                 + f'Content-Disposition: form-data; name="{field_name}"; filename="'.encode()
                 + name.encode("utf-8", "surrogateescape") + b'"\r\n'
                 + b"Content-Type: application/octet-stream\r\n\r\n" + data + b"\r\n")
    body += f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def upload(server: Server, token: str, name: str, data: bytes) -> Reply:
    body, content_type = multipart([(name, data)])
    return request(server, "POST", "/api/upload", body=body, headers={"Content-Type": content_type}, cookie=token)


# ---------------------------------------------------------------- WebSocket


@dataclass
class Closed:
    code: int | None
    reason: str


@dataclass
class RoomSocket:
    """A room socket: `messages()` yields decoded JSON messages until the server closes."""

    sock: socket.socket
    buffer: bytes = b""
    closed: Closed | None = None
    received: list = field(default_factory=list)

    @classmethod
    def open(cls, server: Server, room: str, token: str | None, headers: dict[str, str] | None = None) -> "RoomSocket":
        sock = connect(server)
        key = base64.b64encode(os.urandom(16)).decode()
        fields = {"Host": f"127.0.0.1:{server.port}", "Upgrade": "websocket", "Connection": "Upgrade",
                  "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13", **(headers or {})}
        if token is not None:
            fields["Cookie"] = f"blastoise_session={token}"
        lines = [f"GET /api/channels/{room}/ws HTTP/1.1"] + [f"{k}: {v}" for k, v in fields.items()]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        reply = read_reply(sock, head_only=True)
        if reply.status != 101:
            sock.close()
            raise HandshakeRefused(reply.status)
        return cls(sock, reply.body)

    def send_json(self, message: dict) -> None:
        self.send_frame(0x1, json.dumps(message).encode())

    def send_frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def try_send_json(self, message: dict) -> bool:
        """Sends unless the connection is already gone (then False): an attacker keeps trying."""
        try:
            self.send_json(message)
            return True
        except OSError:
            return False

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def next_message(self):
        """The next JSON message; None once the server closed (see `closed`). Answers pings."""
        while self.closed is None:
            try:
                first, second = self._read(2)
                length = second & 0x7F
                if length == 126:
                    length = struct.unpack("!H", self._read(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", self._read(8))[0]
                payload = self._read(length)
            except (EOFError, ConnectionResetError):
                self.closed = Closed(None, "connection ended without a close frame")
                return None
            opcode = first & 0x0F
            if opcode == 0x1:
                message = json.loads(payload.decode())
                self.received.append(message)
                return message
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                self.closed = Closed(code, payload[2:].decode(errors="replace"))
                return None
            if opcode == 0x9:
                try:
                    self.send_frame(0xA, payload)
                except OSError:
                    pass
        return None

    def wait_for(self, accept, message: str = "a message"):
        """Reads until accept(msg) holds; AssertionError if the socket closes first. The socket
        timeout (GUARD) is the hang guard."""
        while True:
            msg = self.next_message()
            if msg is None:
                raise AssertionError(f"socket closed ({self.closed}) while waiting for {message}")
            if accept(msg):
                return msg

    def wait_closed(self) -> Closed:
        """Reads (and keeps) messages until the server closes the socket; AssertionError if it
        stays open for GUARD seconds (the hang guard)."""
        try:
            while self.next_message() is not None:
                pass
        except TimeoutError:
            raise AssertionError(f"the server left the socket open for {GUARD:.0f} s; "
                                 f"last messages {self.received[-2:]!r}") from None
        assert self.closed is not None
        return self.closed

    def close(self) -> None:
        try:
            if self.closed is None:
                self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


class HandshakeRefused(Exception):
    def __init__(self, status: int):
        super().__init__(f"WebSocket handshake answered {status}")
        self.status = status


# ---------------------------------------------------------------- the server's own records


def database_rows(server: Server, sql: str, params: tuple = ()) -> list[tuple]:
    """Reads the live server's SQLite file (read-only; WAL lets it while the server writes)."""
    connection = sqlite3.connect(f"file:{server.data / 'blastoise.db'}?mode=ro", uri=True, timeout=GUARD)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def database_write(server: Server, sql: str, params: tuple = ()) -> int:
    """Changes the live server's database behind its back (foreign keys on, as the server runs
    it); returns the rows changed."""
    connection = sqlite3.connect(str(server.data / "blastoise.db"), timeout=GUARD)
    try:
        connection.execute("PRAGMA foreign_keys=ON")
        with connection:
            return connection.execute(sql, params).rowcount
    finally:
        connection.close()


def log_text(server: Server) -> str:
    return server.log_path.read_bytes().decode("utf-8", errors="surrogateescape")


def log_lines(server: Server) -> list[str]:
    return log_text(server).split("\n")


# ---------------------------------------------------------------- setup code, audio


def setup_code(server: Server) -> str:
    """The one-time setup code the server logs at start while it has no account."""
    found = re.findall(r"setup code (\S+)", log_text(server))
    assert found, "the server logged no setup code"
    return found[-1]


def tone(seconds: float = 2.0) -> bytes:
    """A WAV of its own every call (another pitch), so the library never takes it as a duplicate."""
    n = next(_tones)
    return wav_bytes(seconds, freq=200.0 + 7 * n, rate=8000, tags={"INAM": f"Security tone {n}"})


def mp3_tone(seconds: float = 2.0) -> bytes:
    """An MP3 made by ffmpeg (scripts/install-deps installs it), a pitch of its own each call."""
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        pytest.skip("ffmpeg is not installed (scripts/install-deps installs it)")
    n = next(_tones)
    with tempfile.TemporaryDirectory(prefix="blastoise-sec-mp3-") as scratch:
        out = Path(scratch) / "tone.mp3"
        subprocess.run([ffmpeg, "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i",
                        f"sine=frequency={200 + 7 * n}:duration={seconds}", "-c:a", "libmp3lame", "-y", str(out)],
                       check=True, timeout=GUARD)
        return out.read_bytes()
