#!/usr/bin/env python3
"""bench/subsonic's client: the same load against any Subsonic server on loopback (stdlib only).

Subcommands (each prints one line per result, JSON where another step reads it):

  account BASE USER PASSWORD
      Blastoise only: signs USER up (the first account: the admin), makes an app password and
      prints it.
  wait-scan BASE AUTH COUNT SECONDS
      Polls getScanStatus (twice a second, at most SECONDS) until the server says it is not
      scanning and has COUNT tracks; prints how long it waited.
  bench NAME BASE AUTH --music DIR --queries FILE [--calls a,b] [--concurrency N] [--processes P]
        [--seconds S | --requests R] [--warmup S] [--pids PID,...] [--results FILE]
      Finds the server's albums and songs (getAlbumList2 pages of 500, getAlbum), checks that
      `stream` sends a file's exact bytes, then loads each call in turn: N keep-alive
      connections (http.client), spread over P processes of threads, each sending its next
      request as soon as its answer is in, for S seconds (after S warm-up seconds not counted)
      or R requests a connection. Every answer is checked (HTTP 200, Subsonic status ok, a
      stream's byte count the file's size). Appends one JSON object per call to FILE.
  sync NAME BASE AUTH COUNT [--page 500] [--seconds LIMIT] [--results FILE]
      Pages through the whole library as an offline-first app syncs it: search3 with an empty
      query, songCount=500 artistCount=0 albumCount=0, songOffset moving on, until a short page
      (or LIMIT seconds: the answer then says it did not finish). Checks that the songs number
      COUNT and no ID comes twice.
  table FILE
      The side-by-side table of what `bench` and `sync` appended to FILE.

AUTH is the query string that says who asks, e.g. `u=bench&t=…&s=…` (or `apiKey=…`), or
`token:USER:SECRET`: the driver then makes a salt of its own for each connection and sends
u, t = md5(SECRET + salt) and s, as Subsonic apps do. `c`, `v` and `f=json` are added.
Everything is bounded: socket timeouts, a deadline on every loop, and a cap on requests.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import multiprocessing
import os
import re
import secrets
import sys
import threading
import time
import urllib.parse
from pathlib import Path

TIMEOUT = 30.0  # one request: a hang guard, not a target
CLIENT = "bench"
VERSION = "1.16.1"
OK = re.compile(rb'"status"\s*:\s*"ok"')


# ---------------------------------------------------------------- plumbing


def split_base(base: str) -> tuple[str, int]:
    parsed = urllib.parse.urlsplit(base)
    if parsed.hostname != "127.0.0.1":
        sys.exit(f"loopback only: {base}")
    return parsed.hostname, parsed.port or 80


def auth_query(auth: str) -> str:
    """The credentials as a query string; `token:USER:SECRET` gets a fresh salt each call."""
    if auth.startswith("token:"):
        _, user, secret = auth.split(":", 2)
        salt = secrets.token_hex(8)
        token = hashlib.md5((secret + salt).encode()).hexdigest()
        auth = f"u={urllib.parse.quote(user)}&t={token}&s={salt}"
    return f"{auth}&c={CLIENT}&v={VERSION}&f=json"


class Client:
    """One keep-alive connection; reconnects when the server closed it."""

    def __init__(self, base: str):
        self.host, self.port = split_base(base)
        self.connection: http.client.HTTPConnection | None = None

    def get(self, path: str) -> tuple[int, bytes, http.client.HTTPResponse]:
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            try:
                self.connection.request("GET", path)
                response = self.connection.getresponse()
                body = response.read()
                if response.will_close:
                    self.close()
                return response.status, body, response
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed between two requests: once more.
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def call(client: Client, auth: str, method: str, **parameters) -> dict:
    query = urllib.parse.urlencode(parameters)
    status, body, _ = client.get(f"/rest/{method}?{auth_query(auth)}{'&' + query if query else ''}")
    if status != 200:
        raise RuntimeError(f"{method}: HTTP {status}: {body[:300]!r}")
    answer = json.loads(body)["subsonic-response"]
    if answer.get("status") != "ok":
        raise RuntimeError(f"{method}: {json.dumps(answer)[:300]}")
    return answer


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (and its reaped children) from /proc, in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def threads_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) for pid in pids)


def machine_busy() -> float:
    """CPU seconds every core spent busy (not idle, not waiting on I/O) since boot, from /proc/stat."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def builds_running() -> bool:
    """Whether a Swift build or test run is on this machine: it takes cores from the servers."""
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if Path(entry.path, "comm").read_text().strip() in ("swift-build", "swift-frontend", "swift-test"):
                    return True
            except OSError:
                pass
    return False


def append_result(path: str | None, result: dict) -> None:
    if path:
        with open(path, "a") as out:
            out.write(json.dumps(result) + "\n")


# ---------------------------------------------------------------- account, scan


def command_account(args) -> None:
    host, port = split_base(args.base)
    connection = http.client.HTTPConnection(host, port, timeout=TIMEOUT)
    body = json.dumps({"username": args.user, "password": args.password})
    connection.request("POST", "/api/auth/signup", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    text = response.read()
    if response.status not in (200, 201):
        sys.exit(f"signup: HTTP {response.status}: {text[:300]!r}")
    cookies = [header.split(";", 1)[0] for name, header in response.getheaders() if name.lower() == "set-cookie"]
    connection.request("POST", "/api/app-passwords", json.dumps({"name": "bench/subsonic"}),
                       {"Content-Type": "application/json", "Cookie": "; ".join(cookies), "Origin": args.base})
    response = connection.getresponse()
    text = response.read()
    if response.status not in (200, 201):
        sys.exit(f"app password: HTTP {response.status}: {text[:300]!r}")
    print(json.loads(text)["password"])


def command_wait_scan(args) -> None:
    client = Client(args.base)
    start = time.monotonic()
    deadline = start + args.seconds
    last = None
    while time.monotonic() < deadline:
        try:
            last = call(client, args.auth, "getScanStatus")["scanStatus"]
            if not last.get("scanning") and int(last.get("count", -1)) >= args.count:
                print(f"{time.monotonic() - start:.1f}")
                return
        except (OSError, http.client.HTTPException, RuntimeError) as error:
            last = error
            client.close()
        time.sleep(0.5)
    sys.exit(f"the scan did not finish in {args.seconds} s (last: {last})")


# ---------------------------------------------------------------- discovery


def expected_file(music: Path, song: dict) -> Path:
    """Where bench/subsonic/library.py wrote a song: Artist/Year - Album/NN Title.mp3."""
    def safe(text: str) -> str:
        return text.replace("/", "-")[:60]
    return (music / safe(song["artist"]) / f"{song['year']} - {safe(song['album'])}"
            / f"{int(song['track']):02d} {safe(song['title'])}.mp3")


def discover(base: str, auth: str, music: Path, stream_songs: int) -> dict:
    """Every album's ID, and the IDs and files of `stream_songs` songs spread over them."""
    client = Client(base)
    albums: list[str] = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        page = call(client, auth, "getAlbumList2", type="alphabeticalByName", size=500, offset=len(albums))
        items = page.get("albumList2", {}).get("album", [])
        albums += [album["id"] for album in items]
        if len(items) < 500:
            break
    if len(set(albums)) != len(albums):
        raise RuntimeError(f"getAlbumList2 paged {len(albums)} albums, {len(set(albums))} distinct")
    songs: list[tuple[str, int, Path]] = []
    step = max(1, len(albums) * 10 // max(1, stream_songs))
    for album_id in albums[::step]:
        for song in call(client, auth, "getAlbum", id=album_id)["album"].get("song", []):
            path = expected_file(music, song)
            if not path.is_file():
                raise RuntimeError(f"no file where song {song['id']} should be: {path}")
            songs.append((song["id"], path.stat().st_size, path))
        if len(songs) >= stream_songs:
            break
    # The bytes themselves, for a few: stream sends the file as it is.
    for song_id, size, path in songs[:5]:
        status, body, _ = client.get(f"/rest/stream?{auth_query(auth)}&id={urllib.parse.quote(song_id)}")
        if status != 200 or body != path.read_bytes():
            raise RuntimeError(f"stream {song_id}: HTTP {status}, {len(body)} bytes, not those of {path} "
                               f"({size} bytes): {body[:200]!r}")
    client.close()
    return {"albums": albums, "songs": [(song_id, size) for song_id, size, _ in songs[:stream_songs]]}


# Rounds of distinct requests for a `-unkept` call: more than 10 s of the fastest answers, so none
# comes again within a run.
UNKEPT_ROUNDS = 250


def paths_for(call_name: str, found: dict, queries: list[str]) -> list[tuple[str, int | None]]:
    """The requests one connection cycles through (without credentials) and, for a stream,
    the byte count its answer must have."""
    if call_name == "getAlbumList2":
        count = len(found["albums"])
        return [(f"getAlbumList2?type=alphabeticalByName&size=50&offset={offset}", None)
                for offset in range(0, max(1, count - 49), 50)]
    if call_name == "search3":
        return [(f"search3?query={urllib.parse.quote(word)}", None) for word in queries]
    if call_name == "search3-artist":
        # Like for like: both servers answer the one artist whose word it is, and nothing else.
        return [(f"search3?query={urllib.parse.quote(word)}&albumCount=0&songCount=0", None) for word in queries]
    if call_name == "getAlbum":
        return [(f"getAlbum?id={urllib.parse.quote(album)}", None) for album in found["albums"]]
    if call_name.endswith("-unkept"):
        # The same requests, each with a parameter of its own (`_`, as a browser's cache buster
        # adds): every one is answered afresh, never from Blastoise's kept replies; supysonic
        # ignores it.
        base = paths_for(call_name.removesuffix("-unkept"), found, queries)
        return [(f"{path}&_={round_}", size) for round_ in range(UNKEPT_ROUNDS) for path, size in base]
    if call_name == "stream":
        return [(f"stream?id={urllib.parse.quote(song)}", size) for song, size in found["songs"]]
    raise SystemExit(f"unknown call {call_name}")


# ---------------------------------------------------------------- load


def connection_loop(base: str, auth: str, requests: list[tuple[str, int | None]], first: int, start_at: float,
                    warmup: float, seconds: float, max_requests: int, out: dict) -> None:
    """One connection: warm up until start_at + warmup, then count until the end."""
    client = Client(base)
    prefix = "/rest/"
    credentials = auth_query(auth)
    latencies: list[float] = []
    errors = 0
    sample_error = None
    received = 0
    index = first
    count_from = start_at + warmup
    end = count_from + seconds
    now = time.monotonic()
    while now < start_at:  # every connection begins together
        time.sleep(min(0.01, start_at - now))
        now = time.monotonic()
    sent = 0
    while sent < max_requests:
        path, expected = requests[index % len(requests)]
        index += 1
        separator = "&" if "?" in path else "?"
        before = time.monotonic()
        if before >= end:
            break
        try:
            status, body, response = client.get(f"{prefix}{path}{separator}{credentials}")
            if status != 200:
                problem = f"HTTP {status}: {body[:200]!r}"
            elif expected is None and not OK.search(body):
                problem = f"not ok: {body[:300]!r}"
            elif expected is not None and len(body) != expected:
                problem = f"{len(body)} bytes, the file has {expected}: {body[:200]!r}"
            else:
                problem = None
        except (OSError, http.client.HTTPException) as error:
            client.close()
            problem = f"{type(error).__name__}: {error}"
            body = b""
        after = time.monotonic()
        if before >= count_from:
            sent += 1
            if problem is None:
                latencies.append(after - before)
                received += len(body)
            else:
                errors += 1
                sample_error = sample_error or f"{path}: {problem}"
    client.close()
    out.update(latencies=latencies, errors=errors, sample_error=sample_error, bytes=received)


def process_loop(base, auth, plans, start_at, warmup, seconds, max_requests, queue) -> None:
    """One client process: a thread per connection in plans [(requests, first index)]."""
    results = [dict() for _ in plans]
    threads = [threading.Thread(target=connection_loop,
                                args=(base, auth, requests, first, start_at, warmup, seconds, max_requests, result),
                                daemon=True)
               for (requests, first), result in zip(plans, results)]
    for thread in threads:
        thread.start()
    cpu_before = None
    while time.monotonic() < start_at + warmup and any(thread.is_alive() for thread in threads):
        time.sleep(0.01)
    times = os.times()
    cpu_before = times.user + times.system
    for thread in threads:
        thread.join(warmup + seconds + TIMEOUT * 3 + 10)
    times = os.times()
    queue.put({"results": results, "cpu": times.user + times.system - cpu_before})


def load(base: str, auth: str, requests: list[tuple[str, int | None]], concurrency: int, processes: int,
         warmup: float, seconds: float, max_requests: int, pids: list[int]) -> dict:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    start_at = time.monotonic() + 0.5 + 0.1 * processes
    spread = max(1, len(requests) // concurrency)
    plans = [(requests, connection * spread) for connection in range(concurrency)]
    workers = []
    for number in range(processes):
        mine = plans[number::processes]
        if mine:
            worker = context.Process(target=process_loop,
                                     args=(base, auth, mine, start_at, warmup, seconds, max_requests, queue),
                                     daemon=True)
            worker.start()
            workers.append(worker)
    while time.monotonic() < start_at + warmup:
        time.sleep(0.01)
    server_before = threads_cpu(pids)
    machine_before = machine_busy()
    began = time.monotonic()
    gathered = []
    build_seen = builds_running()
    give_up = began + seconds + TIMEOUT * 3 + 60 if max_requests >= 1 << 60 else began + 3600 + TIMEOUT * 3
    while len(gathered) < len(workers):
        if time.monotonic() > give_up:
            raise RuntimeError("the load's processes did not report in time")
        try:
            gathered.append(queue.get(timeout=0.5))
        except Exception:  # queue.Empty: look around meanwhile
            build_seen = build_seen or builds_running()
    wall = time.monotonic() - began
    server_cpu = threads_cpu(pids) - server_before
    machine_cpu = machine_busy() - machine_before
    for worker in workers:
        worker.join(10)
        if worker.is_alive():
            worker.kill()
    latencies = sorted(value for part in gathered for result in part["results"] for value in result["latencies"])
    errors = sum(result["errors"] for part in gathered for result in part["results"])
    sample = next((result["sample_error"] for part in gathered for result in part["results"]
                   if result["sample_error"]), None)
    received = sum(result["bytes"] for part in gathered for result in part["results"])
    # Fixed duration: rates are over the timed span; fixed count: over the wall time it took.
    span = seconds if max_requests >= 1 << 60 else wall
    client_cpu = sum(part["cpu"] for part in gathered)
    return {
        "requests": len(latencies), "errors": errors, "sample_error": sample,
        "rps": len(latencies) / span, "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000, "max_ms": (latencies[-1] if latencies else 0) * 1000,
        "bytes_per_answer": received / len(latencies) if latencies else 0,
        "client_cores": client_cpu / span,
        "server_cores": server_cpu / span if pids else None,
        # Whatever else the machine did meanwhile (other processes, the idle server): noise.
        "other_cores": (machine_cpu - server_cpu - client_cpu) / wall if pids else None,
        "build_seen": build_seen,
        "server_cpu_ms_per_request": server_cpu * 1000 / len(latencies) if pids and latencies else None,
        "seconds": span,
    }


def command_bench(args) -> None:
    queries = [line.strip() for line in open(args.queries) if line.strip()]
    pids = sorted({int(pid) for pid in args.pids.split(",") if pid}) if args.pids else []
    started = time.monotonic()
    found = discover(args.base, args.auth, Path(args.music), args.stream_songs)
    print(f"  {args.name}: {len(found['albums'])} albums, {len(found['songs'])} songs to stream "
          f"(found in {time.monotonic() - started:.1f} s)", flush=True)
    max_requests = args.requests if args.requests else 1 << 62
    seconds = args.seconds if not args.requests else 3600.0
    for call_name in args.calls.split(","):
        requests = paths_for(call_name, found, queries)
        # What one answer holds, for the table: items of each kind.
        sample = None
        if call_name != "stream":
            method, _, query = requests[0][0].partition("?")
            client = Client(args.base)
            sample = call(client, args.auth, method, **dict(urllib.parse.parse_qsl(query)))
            client.close()
        result = load(args.base, args.auth, requests, args.concurrency, args.processes, args.warmup, seconds,
                      max_requests, pids)
        result.update(kind="bench", server=args.name, call=call_name, concurrency=args.concurrency,
                      processes=args.processes, answer=describe(call_name, sample))
        append_result(args.results, result)
        print(f"  {args.name:<10} {call_name:<14} {result['rps']:>9,.0f} req/s  p50 {result['p50_ms']:7.2f} ms  "
              f"p99 {result['p99_ms']:7.2f} ms  errors {result['errors']}"
              + (f" ({result['sample_error'][:200]})" if result["sample_error"] else "")
              + ("  [a swift build or test ran meanwhile]" if result["build_seen"] else ""), flush=True)


def describe(call_name: str, answer: dict | None) -> str:
    if answer is None:
        return "one file"
    if call_name == "getAlbumList2":
        return f"{len(answer['albumList2'].get('album', []))} albums"
    if call_name.startswith("getAlbum-") or call_name == "getAlbum":
        return f"{len(answer['album'].get('song', []))} songs"
    if call_name.startswith("search3"):
        found = answer["searchResult3"]
        return "/".join(str(len(found.get(kind, []))) for kind in ("artist", "album", "song")) + " ar/al/so"
    return ""


# ---------------------------------------------------------------- full sync


def command_sync(args) -> None:
    client = Client(args.base)
    seen: set[str] = set()
    songs = 0
    pages = 0
    received = 0
    page_times: list[float] = []
    start = time.monotonic()
    deadline = start + args.seconds
    finished = False
    most_pages = args.count // args.page + 10
    build_seen = builds_running()
    while pages < most_pages and time.monotonic() < deadline:
        if pages % 20 == 0:
            build_seen = build_seen or builds_running()
        before = time.monotonic()
        status, body, _ = client.get(
            f"/rest/search3?{auth_query(args.auth)}&query=&artistCount=0&albumCount=0"
            f"&songCount={args.page}&songOffset={songs}")
        page_times.append(time.monotonic() - before)
        if status != 200:
            sys.exit(f"search3 page {pages}: HTTP {status}: {body[:300]!r}")
        answer = json.loads(body)["subsonic-response"]
        if answer.get("status") != "ok":
            sys.exit(f"search3 page {pages}: {json.dumps(answer)[:300]}")
        found = answer.get("searchResult3", {}).get("song", [])
        pages += 1
        songs += len(found)
        received += len(body)
        seen.update(song["id"] for song in found)
        if len(found) < args.page:
            finished = True
            break
    took = time.monotonic() - start
    client.close()
    build_seen = build_seen or builds_running()
    in_order = page_times[:]
    page_times.sort()
    tenth = max(1, len(in_order) // 10)
    result = {
        "kind": "sync", "server": args.name, "count": args.count, "songs": songs, "distinct": len(seen),
        "pages": pages, "seconds": took, "finished": finished, "bytes": received,
        "page_p50_ms": percentile(page_times, 0.5) * 1000, "page_max_ms": page_times[-1] * 1000,
        "slowest_page": in_order.index(page_times[-1]) + 1, "first_page_ms": in_order[0] * 1000,
        # How a page far in compares with one near the start: the median of the first and last tenth.
        "first_tenth_p50_ms": percentile(sorted(in_order[:tenth]), 0.5) * 1000,
        "last_tenth_p50_ms": percentile(sorted(in_order[-tenth:]), 0.5) * 1000,
        "ok": finished and songs == args.count and len(seen) == args.count, "build_seen": build_seen,
    }
    append_result(args.results, result)
    print(f"  {args.name:<10} full sync of {args.count:,} tracks: {songs:,} songs ({len(seen):,} distinct) in "
          f"{pages} pages, {took:.1f} s ({songs / took if took else 0:,.0f} songs/s, {received / 1e6:.1f} MB); "
          f"page p50 {result['page_p50_ms']:.0f} ms (first tenth {result['first_tenth_p50_ms']:.0f}, last tenth "
          f"{result['last_tenth_p50_ms']:.0f}), slowest {result['page_max_ms']:.0f} ms (page "
          f"{result['slowest_page']})"
          + ("" if finished else f"; stopped after {args.seconds:.0f} s")
          + ("" if result["ok"] else "  << COUNT MISMATCH" if finished else "")
          + ("  [a swift build or test ran meanwhile]" if build_seen else ""), flush=True)


# ---------------------------------------------------------------- table


def command_table(args) -> None:
    rows = [json.loads(line) for line in open(args.file) if line.strip()]
    bench = [row for row in rows if row["kind"] == "bench"]
    servers = list(dict.fromkeys(row["server"] for row in bench))
    calls = list(dict.fromkeys(row["call"] for row in bench))
    by = {(row["server"], row["call"]): row for row in bench}
    if bench:
        first, second = (servers + [None, None])[:2]
        head = f"{'call':<16}"
        for server in servers:
            head += f"{server + ' req/s':>18}{'p50 ms':>9}{'p99 ms':>9}{'cpu ms/req':>11}"
        if second:
            head += f"{'ratio':>8}"
        print(head)
        for name in calls:
            line = f"{name:<16}"
            for server in servers:
                row = by.get((server, name))
                if row is None:
                    line += f"{'-':>18}{'':>9}{'':>9}{'':>11}"
                    continue
                cpu = row.get("server_cpu_ms_per_request")
                line += (f"{row['rps']:>18,.0f}{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}"
                         f"{(f'{cpu:.3f}' if cpu is not None else '-'):>11}")
            if second and (first, name) in by and (second, name) in by and by[(second, name)]["rps"]:
                line += f"{by[(first, name)]['rps'] / by[(second, name)]['rps']:>7.1f}x"
            print(line)
        print("answers:  " + "; ".join(
            f"{name} " + " vs ".join(f"{by[(server, name)]['answer']} ({by[(server, name)]['bytes_per_answer']:,.0f} B)"
                                     for server in servers if (server, name) in by) for name in calls))
        print("client:   " + "; ".join(
            f"{server} {sum(by[(server, name)]['client_cores'] for name in calls if (server, name) in by) / len(calls):.2f}"
            for server in servers) + " cores on average (the driver's own CPU while loading)")
        busy = [row for row in bench if row.get("build_seen") or (row.get("other_cores") or 0) > 0.25]
        for row in busy:
            print(f"busy:     {row['server']} {row['call']}: the machine did other work meanwhile "
                  f"({row['other_cores']:.2f} cores{', a swift build or test' if row.get('build_seen') else ''})")
        problems = [row for row in bench if row["errors"]]
        for row in problems:
            print(f"errors:   {row['server']} {row['call']}: {row['errors']} ({row['sample_error']})")
    for row in rows:
        if row["kind"] == "sync":
            state = "ok" if row["ok"] else ("COUNT MISMATCH" if row["finished"] else "did not finish")
            print(f"full sync {row['server']}: {row['count']:,} tracks in {row['pages']} pages of 500: "
                  f"{row['seconds']:.1f} s, {row['songs'] / row['seconds'] if row['seconds'] else 0:,.0f} songs/s, "
                  f"page p50 {row['page_p50_ms']:.0f} ms (first tenth {row['first_tenth_p50_ms']:.0f}, last "
                  f"{row['last_tenth_p50_ms']:.0f}), slowest {row['page_max_ms']:.0f} ms ({state}"
                  f"{'; a swift build or test ran meanwhile' if row.get('build_seen') else ''})")


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    account = commands.add_parser("account")
    account.add_argument("base")
    account.add_argument("user")
    account.add_argument("password")
    wait = commands.add_parser("wait-scan")
    wait.add_argument("base")
    wait.add_argument("auth")
    wait.add_argument("count", type=int)
    wait.add_argument("seconds", type=float)
    bench = commands.add_parser("bench")
    bench.add_argument("name")
    bench.add_argument("base")
    bench.add_argument("auth")
    bench.add_argument("--music", required=True)
    bench.add_argument("--queries", required=True)
    bench.add_argument("--calls", default="getAlbumList2,search3,getAlbum,stream")
    bench.add_argument("--concurrency", type=int, default=8)
    bench.add_argument("--processes", type=int, default=2)
    bench.add_argument("--seconds", type=float, default=10.0)
    bench.add_argument("--requests", type=int, default=0, help="a fixed count per connection instead of seconds")
    bench.add_argument("--warmup", type=float, default=1.0)
    bench.add_argument("--stream-songs", type=int, default=1000)
    bench.add_argument("--pids", default="")
    bench.add_argument("--results")
    sync = commands.add_parser("sync")
    sync.add_argument("name")
    sync.add_argument("base")
    sync.add_argument("auth")
    sync.add_argument("count", type=int)
    sync.add_argument("--page", type=int, default=500)
    sync.add_argument("--seconds", type=float, default=600.0)
    sync.add_argument("--results")
    table = commands.add_parser("table")
    table.add_argument("file")
    args = parser.parse_args()
    {"account": command_account, "wait-scan": command_wait_scan, "bench": command_bench, "sync": command_sync,
     "table": command_table}[args.command](args)


if __name__ == "__main__":
    main()
