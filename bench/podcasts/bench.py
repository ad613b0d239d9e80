"""bench/podcasts: see bench/podcasts/run."""
import http.server, json, os, socket, socketserver, subprocess, sys, tempfile, threading, time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

binary, count = sys.argv[1], int(sys.argv[2])
answers = {"200": 0, "304": 0}
lock = threading.Lock()


def feed(number):
    items = "".join(
        f"<item><title>Episode {i} of show {number}</title><guid>show-{number}-{i}</guid>"
        f"<pubDate>Sun, {1 + i:02d} Nov 2026 06:00:00 GMT</pubDate>"
        f"<description>Notes for episode {i}: {'words ' * 60}</description>"
        f"<enclosure url='https://cdn.example/{number}/{i}.mp3' length='12345678' type='audio/mpeg'/>"
        f"<itunes:duration>45:00</itunes:duration></item>"
        for i in range(20))
    return ("<?xml version='1.0'?><rss version='2.0' xmlns:itunes='http://www.itunes.com/dtds/podcast-1.0.dtd'>"
            f"<channel><title>Show {number:04d}</title><itunes:author>Bench</itunes:author>{items}</channel></rss>"
            ).encode()


class Feeds(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        number = int(self.path.rsplit("/", 1)[1].split(".")[0])
        etag = f'"v1-{number}"'
        status = 304 if self.headers.get("If-None-Match") == etag else 200
        body = b"" if status == 304 else feed(number)
        with lock:
            answers[str(status)] += 1
        self.send_response(status)
        self.send_header("ETag", etag)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


feeds = Server(("127.0.0.1", 0), Feeds)
threading.Thread(target=feeds.serve_forever, daemon=True).start()
feed_base = f"http://127.0.0.1:{feeds.server_address[1]}"
work = tempfile.mkdtemp()
os.makedirs(f"{work}/music")
port = free_port()
server = subprocess.Popen(
    [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", f"{work}/data",
     "--music-dir", f"{work}/music", "--web-dir", f"{work}/web", "--allow-private-imports"],
    stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
base = f"http://127.0.0.1:{port}"
cookie = None


def call(method, path, body=None):
    global cookie
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    if body is not None:
        request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", cookie)
    with urllib.request.urlopen(request, timeout=300) as answer:
        if answer.headers.get("Set-Cookie"):
            cookie = answer.headers["Set-Cookie"].split(";", 1)[0]
        return json.loads(answer.read() or b"null")


def memory():
    fields = {}
    with open(f"/proc/{server.pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return f"RSS {fields['VmRSS']}, peak {fields['VmHWM']}"


try:
    for _ in range(600):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    call("POST", "/api/auth/signup", {"username": "bench", "password": "bench-password-1"})
    print(f"bench/podcasts: {count} feeds of 20 items ({len(feed(0)) / 1024:.1f} KB each), {os.cpu_count()} cores, "
          f"load {open('/proc/loadavg').read().split()[0]}, server {memory()}")
    outlines = "".join(f"<outline type='rss' text='s' xmlUrl='{feed_base}/feed/{n}.xml'/>" for n in range(count))
    opml = f"<?xml version='1.0'?><opml version='2.0'><head/><body>{outlines}</body></opml>"
    start = time.monotonic()
    result = call("POST", "/api/podcasts/opml", {"opml": opml})
    assert result["added"] == count, result
    while True:
        podcasts = call("GET", "/api/podcasts")["podcasts"]
        if sum(1 for p in podcasts if "lastCheckedAt" in p) == count:
            break
        time.sleep(0.2)
    first = time.monotonic() - start
    errors = [p["lastError"] for p in podcasts if "lastError" in p]
    episodes = sum(p["episodeCount"] for p in podcasts)
    print(f"first refresh (scheduler, 4 at a time): {first:.2f} s, {count / first:.0f} feeds/s, "
          f"{episodes} episodes stored, {len(errors)} errors, {answers['200']} full answers; {memory()}")

    ids = [p["id"] for p in podcasts]
    start = time.monotonic()
    with ThreadPoolExecutor(4) as pool:
        refreshed = list(pool.map(lambda i: call("POST", f"/api/podcasts/{i}/refresh"), ids))
    again = time.monotonic() - start
    assert all("lastError" not in p for p in refreshed)
    print(f"refresh again (POST …/refresh, 4 clients): {again:.2f} s, {count / again:.0f} feeds/s, "
          f"{answers['304']} answered 304; {memory()}")
    start = time.monotonic()
    page = call("GET", "/api/podcasts")
    listing = time.monotonic() - start
    print(f"GET /api/podcasts ({len(page['podcasts'])} podcasts with unplayed counts): {listing * 1000:.0f} ms")
finally:
    server.terminate()
    server.wait()
    subprocess.run(["rm", "-rf", work])
