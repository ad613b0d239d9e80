"""bench/ws-queue: a room whose queue holds 10,000 distinct tracks (the most a queue may hold),
and listeners on it: two reading as fast as they can, two reading like a phone on Wi-Fi
(BENCH_READ_KIB per 100 ms, default 256), each pair once with plain frames (old clients) and
once with permessage-deflate (browsers). Then BENCH_EDITS queue edits in a row (default 10).
Prints, per listener: the full state's size on the wire, the time from connecting to holding
it (listeners join one after another, and each join encodes a state of its own), the time from
sending the last edit to holding the state it made, how many full states arrived (newer ones
replace unsent older ones), and whether it was dropped. Then what zlib's levels 1 (the
server's) and 6 make of the same state, timed in this process.
Run through bench/ws-queue/run.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import sys
import threading
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))

from helpers import Api, Server, make_big_library  # noqa: E402

COUNT = 10_000
EDITS = int(os.environ.get("BENCH_EDITS", "10"))
READ_BYTES = int(os.environ.get("BENCH_READ_KIB", "256")) * 1024
GUARD = 300.0


class Dropped(Exception):
    pass


class Listener(threading.Thread):
    """One room socket on a thread of its own, reading at most `budget` bytes per 100 ms."""

    def __init__(self, name: str, port: int, room: str, cookie: str, deflate: bool, budget: int | None):
        super().__init__(daemon=True)
        self.name, self.budget = name, budget
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.connected = time.monotonic()
        key = base64.b64encode(os.urandom(16)).decode()
        offer = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n" if deflate else ""
        self.sock.sendall((f"GET /api/channels/{room}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nCookie: blastoise_session={cookie}\r\n{offer}\r\n").encode())
        self.buf = bytearray()
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.sock.recv(4096)
        head, _, rest = bytes(self.buf).partition(b"\r\n\r\n")
        self.buf = bytearray(rest)
        self.deflates = b"sec-websocket-extensions: permessage-deflate" in head.lower()
        self.window_end, self.window_read = 0.0, 0
        self.states: list[tuple[float, int, int, int]] = []  # (time, queue length, wire bytes, raw bytes)
        self.raw_state = b""
        self.dropped: str | None = None

    def fill(self) -> None:
        now = time.monotonic()
        if now >= self.window_end:
            self.window_end, self.window_read = now + 0.1, 0
        if self.budget is not None and self.window_read >= self.budget:
            time.sleep(self.window_end - now)
            return
        data = self.sock.recv(65536 if self.budget is None else min(65536, self.budget - self.window_read))
        if not data:
            raise Dropped("connection closed")
        self.window_read += len(data)
        self.buf += data

    def take(self, count: int) -> bytes:
        while len(self.buf) < count:
            self.fill()
        data = bytes(self.buf[:count])
        del self.buf[:count]
        return data

    def message(self) -> tuple[int, bytes]:
        """(payload bytes on the wire, the inflated payload) of the next text message."""
        wire, parts, compressed = 0, [], False
        while True:
            first, second = self.take(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self.take(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self.take(8))[0]
            payload = self.take(length)
            opcode = first & 0x0F
            if opcode == 9:  # ping: answer, masked with a zero key
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
                continue
            if opcode == 8:
                raise Dropped(f"close {struct.unpack('>H', payload[:2])[0] if payload else ''}")
            if opcode in (1, 2):
                compressed = bool(first & 0x40)
            wire += length
            parts.append(payload)
            if first & 0x80:
                break
        data = b"".join(parts)
        if compressed:
            data = zlib.decompressobj(-15).decompress(data + b"\x00\x00\xff\xff")
        return wire, data

    def run(self) -> None:
        try:
            while True:
                wire, data = self.message()
                if b'"queue":' not in data:
                    continue
                state = json.loads(data)
                self.states.append((time.monotonic(), len(state["queue"]), wire, len(data)))
                self.raw_state = data
        except (Dropped, OSError) as error:
            self.dropped = str(error)

    def latest(self, length: int) -> tuple[float, int, int, int] | None:
        return next((s for s in self.states if s[1] == length), None)


def compress(data: bytes, level: int) -> tuple[int, float]:
    start = time.perf_counter()
    stream = zlib.compressobj(level, zlib.DEFLATED, -15)
    out = stream.compress(data) + stream.flush(zlib.Z_SYNC_FLUSH)
    return len(out) - 4, (time.perf_counter() - start) * 1000


def main() -> None:
    server = Server(guests=False)
    make_big_library(server.music, COUNT)
    server.start()
    try:
        server.wait_for_library(COUNT, timeout=GUARD)
        api = Api(server.base)
        api.signup("bench", "benchmark1")
        cookie = next(c.value for c in api.jar if c.name == "blastoise_session")
        deadline = time.time() + GUARD
        room = None
        while room is None and time.time() < deadline:
            room = next((r["id"] for r in api.get("/api/channels") if r["isDefault"] and r["trackCount"] == COUNT), None)
            time.sleep(0.1)
        print(f"bench/ws-queue: {COUNT:,} distinct tracks queued, {EDITS} edits, slow listeners read "
              f"{READ_BYTES // 1024} KiB per 100 ms; {os.cpu_count()} cores shared with the server")
        listeners = [Listener(name, server.port, room, cookie, deflate, budget)
                     for name, deflate, budget in [("plain, fast", False, None), ("deflate, fast", True, None),
                                                   ("plain, slow", False, READ_BYTES),
                                                   ("deflate, slow", True, READ_BYTES)]]
        for listener in listeners:
            listener.start()
        while time.time() < deadline and not all(l.states or l.dropped for l in listeners):
            time.sleep(0.05)
        last_edit = 0.0
        for _ in range(EDITS):
            last_edit = time.monotonic()  # the state is sent before the edit is answered
            api.patch(f"/api/channels/{room}/queue", {"remove": [0]})
        final = COUNT - EDITS
        while time.time() < deadline and not all(l.latest(final) or l.dropped for l in listeners):
            time.sleep(0.05)
        print(f"{'listener':<15} {'state on wire':>14} {'connect→state':>14} {'edit→latest':>12} {'states':>7}  dropped")
        for l in listeners:
            first, latest = (l.states[0] if l.states else None), l.latest(final)
            wire = f"{first[2] / 1024:,.0f} KiB" if first else "-"
            to_first = f"{(first[0] - l.connected) * 1000:,.0f} ms" if first else "-"
            to_latest = f"{(latest[0] - last_edit) * 1000:,.0f} ms" if latest else "-"
            print(f"{l.name:<15} {wire:>14} {to_first:>14} {to_latest:>12} {len(l.states):>7}  {l.dropped or 'no'}")
        raw = next((l.raw_state for l in listeners if l.raw_state), b"")
        if raw:
            print(f"full state: {len(raw) / 1024:,.0f} KiB raw", end="")
            for level in (1, 6):
                size, ms = compress(raw, level)
                print(f"; zlib level {level}: {size / 1024:,.0f} KiB ({len(raw) / size:.2f}x) in {ms:.0f} ms", end="")
            print()
    finally:
        server.cleanup()


if __name__ == "__main__":
    main()
