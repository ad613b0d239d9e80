"""Issue #13, item 10: a chunked upload over --max-upload-mb never saw its 413 — the connection
just closed. Now the server answers 413 (JSON), then closes; uploads under the cap still work,
and nothing of the refused upload is kept."""

from __future__ import annotations

import os
import select

from helpers import GUARD
from .wire import connect, get_json, multipart, read_reply, request, tone

CAP_MB = 1


def chunked_upload(server, token: str, total_bytes: int, *, wav: bytes | None = None):
    """Sends a multipart upload with Transfer-Encoding: chunked, 64 KiB a chunk, and stops
    sending as soon as the server answers or closes. Returns (reply or None, bytes of body sent)."""
    data = wav if wav is not None else tone(1.0) + os.urandom(max(0, total_bytes))
    body, content_type = multipart([("big.wav", data)])
    sock = connect(server)
    head = (f"POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: blastoise_session={token}\r\n"
            f"Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    sent = 0
    try:
        sock.sendall(head)
        for start in range(0, len(body), 65536):
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break  # the server has said something (or closed): stop and read it
            piece = body[start:start + 65536]
            try:
                sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
            except (BrokenPipeError, ConnectionResetError, TimeoutError):
                break  # closed, or not reading for GUARD seconds: the answer should be there
            sent += len(piece)
        else:
            try:
                sock.sendall(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
        sock.settimeout(GUARD)
        try:
            return read_reply(sock), sent
        except (ConnectionError, ConnectionResetError):
            return None, sent
    finally:
        sock.close()


def test_a_chunked_upload_over_the_cap_is_answered_413(start_server, admin):
    server = start_server(extra=["--max-upload-mb", str(CAP_MB)])
    token = admin(server)
    reply, sent = chunked_upload(server, token, 8 * 1024 * 1024)
    assert reply is not None, f"the connection closed without an answer after {sent} bytes of a chunked upload"
    assert reply.status == 413, f"{reply.status} {reply.body[:200]!r}"
    assert "error" in reply.json()
    assert os.listdir(server.data / "uploads") == [], "a refused upload left a file"
    assert get_json(server, "/api/library", token) == []
    assert request(server, "GET", "/api/status").status == 200, "the server stopped answering after the 413"


def test_a_chunked_upload_under_the_cap_is_kept(start_server, admin):
    server = start_server(extra=["--max-upload-mb", str(CAP_MB)])
    token = admin(server)
    wav = tone(3.0)
    reply, _ = chunked_upload(server, token, 0, wav=wav)
    assert reply is not None and reply.status == 200, reply and reply.body[:300]
    track = reply.json()["tracks"][0]
    audio = request(server, "GET", f"/api/tracks/{track['id']}", cookie=token)
    assert audio.status == 200 and audio.body == wav


def test_a_declared_length_over_the_cap_is_refused_before_the_body(start_server, admin):
    server = start_server(extra=["--max-upload-mb", str(CAP_MB)])
    token = admin(server)
    _, content_type = multipart([("big.wav", b"")])
    sock = connect(server)
    sock.sendall((f"POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: blastoise_session={token}\r\n"
                  f"Content-Type: {content_type}\r\nContent-Length: {8 * 1024 * 1024}\r\n"
                  f"Expect: 100-continue\r\n\r\n").encode())
    reply = read_reply(sock)
    sock.close()
    assert reply.status == 413 and "error" in reply.json()
