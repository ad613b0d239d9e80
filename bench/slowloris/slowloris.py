#!/usr/bin/env python3
"""bench/slowloris's two clients.

trickle PORT COUNT: COUNT slow clients that send a request line, then a byte a second of headers
  that never end; each one the server closes is opened again at once, as an attacker would. Every
  PER_ADDRESS of them share a source address, 127.0.0.2 upwards. Runs until SIGTERM, then prints
  how many the server closed.
probe PORT COUNT: the real client, on 127.0.0.1: GET /healthz on a fresh connection every INTERVAL
  seconds, each allowed TIMEOUT seconds; prints how many were answered and their latency.
"""
import argparse
import math
import resource
import selectors
import signal
import socket
import threading
import time

REQUEST_LINE = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
HEADER = b"X-Slow: a\r\n"  # repeated a byte at a time, never followed by the blank line
IP_BIND_ADDRESS_NO_PORT = 24  # bind the address only; the port is picked at connect


def trickle(port: int, count: int, per_address: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    selector = selectors.DefaultSelector()
    sent = {}  # socket -> bytes sent after the request line (-1: request line not sent yet)
    slot_of = {}
    closed_by_server = 0

    def open_slot(slot: int) -> None:
        client = socket.socket()
        client.setblocking(False)
        client.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
        client.bind((f"127.0.0.{2 + slot // per_address}", 0))
        try:
            client.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass  # connecting; the server may not have accepted it yet
        sent[client], slot_of[client] = -1, slot
        selector.register(client, selectors.EVENT_READ)

    def reopen(client: socket.socket) -> None:
        nonlocal closed_by_server
        closed_by_server += 1
        slot = slot_of.pop(client)
        del sent[client]
        selector.unregister(client)
        client.close()
        open_slot(slot)

    for slot in range(count):
        open_slot(slot)
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    print("ready", flush=True)
    next_round = time.monotonic()
    while not stopping:
        if time.monotonic() >= next_round:
            next_round += 1.0
            for client in list(sent):
                count_sent = sent[client]
                data = REQUEST_LINE if count_sent < 0 else HEADER[count_sent % len(HEADER):][:1]
                try:
                    client.send(data)
                    sent[client] = count_sent + 1
                except BlockingIOError:
                    pass  # not connected yet
                except OSError:
                    reopen(client)
        for key, _ in selector.select(timeout=max(0.0, next_round - time.monotonic())):
            client = key.fileobj
            try:
                data = client.recv(4096)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                reopen(client)
    print(f"closed by the server: {closed_by_server}", flush=True)


def probe(port: int, count: int, interval: float, timeout: float) -> None:
    latencies = [None] * count

    def one(index: int) -> None:
        start = time.monotonic()
        deadline = start + timeout
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
                client.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
                answer = b""
                while time.monotonic() < deadline:
                    client.settimeout(max(0.001, deadline - time.monotonic()))
                    chunk = client.recv(4096)
                    if not chunk:
                        break
                    answer += chunk
                if answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"ok"):
                    latencies[index] = time.monotonic() - start
        except OSError:
            pass

    threads = []
    for index in range(count):
        thread = threading.Thread(target=one, args=(index,))
        thread.start()
        threads.append(thread)
        time.sleep(interval)
    for thread in threads:
        thread.join()
    served = sorted(latency * 1000 for latency in latencies if latency is not None)

    def percentile(q: float) -> str:
        return f"{served[max(0, math.ceil(q * len(served)) - 1)]:.1f}" if served else "-"

    print(f"{len(served)}/{count} {percentile(0.5)} {percentile(0.99)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    t = commands.add_parser("trickle")
    t.add_argument("port", type=int)
    t.add_argument("count", type=int)
    t.add_argument("--per-address", type=int, default=50)
    p = commands.add_parser("probe")
    p.add_argument("port", type=int)
    p.add_argument("count", type=int)
    p.add_argument("--interval", type=float, default=0.2)
    p.add_argument("--timeout", type=float, default=10.0)
    arguments = parser.parse_args()
    if arguments.command == "trickle":
        trickle(arguments.port, arguments.count, arguments.per_address)
    else:
        probe(arguments.port, arguments.count, arguments.interval, arguments.timeout)
