"""bench/web: how fast the web app's library is with 10,000 tracks, in headless Chromium against
the real server. Prints numbers (median / p95 / max over ROUNDS); the targets the e2e suite used
to assert are printed next to them. Run through bench/web/run.

  first render  sign-in → the list shows "10,000 tracks" with rows on screen
  typing        WebDriver types "track 0424" one key at a time → the count reads "11 of 10,000"
                (includes WebDriver's per-key round trips and the 60 ms typing debounce)
  filter        in the page: set the search box, fire `input` → the frame that shows the result
                (includes the 60 ms debounce)
  clear         the empty search → all 10,000 back on screen
  scroll        scrollTop to the end → the frame that shows the last row
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e"))

from helpers import Server, chrome, js_wait, make_big_library, sign_up_in_page  # noqa: E402
from sync_harness import percentile  # noqa: E402

COUNT = int(os.environ.get("BENCH_TRACKS", "10000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "10"))
QUERIES = ["09999", "track 0424", "artist 07", "album 1", "zzzz"]

# Sets the search box, fires `input`, and resolves (ms) at the first animation frame where the
# count has changed and the list shows rows (or is empty for no match).
FILTER_JS = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const input = document.getElementById('library-search');
const count = document.getElementById('library-count');
const before = count.textContent;
const t0 = performance.now();
input.value = query;
input.dispatchEvent(new Event('input'));
const check = () => {
  const rows = document.querySelectorAll('#library-list .track-row').length;
  const text = count.textContent;
  if (text !== before && (rows > 0 || text.startsWith('0 of'))) done([performance.now() - t0, text, rows]);
  else requestAnimationFrame(check);
};
requestAnimationFrame(check);
"""

SCROLL_JS = """
const [lastTitle, done] = [arguments[0], arguments[arguments.length - 1]];
const list = document.getElementById('library-list');
list.scrollTop = 0;
requestAnimationFrame(() => requestAnimationFrame(() => {
  const t0 = performance.now();
  list.scrollTop = list.scrollHeight;
  const check = () => {
    const last = [...list.querySelectorAll('.tr-title')].some(t => t.textContent === lastTitle);
    if (last) done(performance.now() - t0); else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}));
"""

ALL = "document.getElementById('library-count').textContent.endsWith(' tracks') && document.querySelectorAll('#library-list .track-row').length > 0"


def line(name: str, values: list[float], target: str = "") -> str:
    return (f"  {name:<26} median {statistics.median(values):7.1f} ms   p95 {percentile(values, 95):7.1f} ms   "
            f"max {max(values):7.1f} ms" + (f"   (target {target})" if target else ""))


def main() -> int:
    server = Server()
    print(f"bench/web: {COUNT:,} tracks, {ROUNDS} rounds, {os.cpu_count()} cores, server {os.environ.get('BLASTOISE_BIN')}",
          flush=True)
    make_big_library(server.music, COUNT)
    page = None
    try:
        started = time.time()
        server.start()
        server.wait_for_library(COUNT, timeout=600)
        print(f"  server scan → {COUNT:,} tracks in the library: {time.time() - started:.1f} s", flush=True)

        page = chrome()
        started = time.time()
        sign_up_in_page(page, server.base, f"bench{int(time.time()) % 100000}")
        js_wait(page, f"document.getElementById('library-count').textContent === '{COUNT:,} tracks' && "
                      "document.querySelectorAll('#library-list .track-row').length > 0", 120)
        first = (time.time() - started) * 1000
        rows = page.execute_script("return document.querySelectorAll('#library-list .track-row').length")
        print(f"  first render (sign-up → rows)  {first:7.0f} ms   rows in the DOM: {rows}", flush=True)

        search = page.find_element("id", "library-search")
        typing, clear, results = [], [], {}
        filters: dict[str, list[float]] = {q: [] for q in QUERIES}
        for _ in range(ROUNDS):
            for query in QUERIES:
                ms, text, shown = page.execute_async_script(FILTER_JS, query)
                filters[query].append(ms)
                results[query] = (text, shown)
                ms, _, _ = page.execute_async_script(FILTER_JS, "")
                clear.append(ms)
            t0 = time.perf_counter()
            search.send_keys("track 0424")
            js_wait(page, "document.getElementById('library-count').textContent.startsWith('11 of')", 60)
            typing.append((time.perf_counter() - t0) * 1000)
            page.execute_async_script(FILTER_JS, "")
            js_wait(page, ALL, 60)
        scroll = [page.execute_async_script(SCROLL_JS, f"Track {COUNT - 1:05d}") for _ in range(ROUNDS)]

        print(line("typing 'track 0424'", typing, "< 3000 ms"))
        for query in QUERIES:
            text, shown = results[query]
            print(line(f"filter {query!r}", filters[query], "< 400 ms"), f"  → {text}, {shown} rows")
        print(line("clear (all back)", clear))
        print(line("scroll to the end", scroll))
        rows = page.execute_script("return document.querySelectorAll('#library-list .track-row').length")
        print(f"  rows in the DOM after scrolling: {rows}")
        return 0
    finally:
        if page is not None:
            page.quit()
        server.cleanup()


if __name__ == "__main__":
    sys.exit(main())
