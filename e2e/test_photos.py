"""Photos in the web app: photos backed up through the API (JPEGs with EXIF dates, an iPhone's
HEIC, a video) show month by month as thumbnails; the viewer steps through them and offers the
original; Delete moves one to the trash and Restore brings it back; the Photo backup card says
what is kept, from which device, and which resumable upload stopped part way."""

from __future__ import annotations

import base64
import subprocess
import urllib.parse
import urllib.request
from pathlib import Path

from conftest import unique
from helpers import GUARD, click, js_wait, sign_in_in_page


def run(arguments: list[str]) -> None:
    subprocess.run(arguments, check=True, stdin=subprocess.DEVNULL, capture_output=True, timeout=GUARD)


def jpeg(path: Path, hue: int, date: str | None) -> bytes:
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x480", "-vf", f"hue=h={hue}",
         "-frames:v", "1", str(path)])
    if date:
        run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={date}", str(path)])
    return path.read_bytes()


def heic(path: Path) -> bytes:
    source = path.with_suffix(".png")
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=480x640", "-frames:v", "1", str(source)])
    run(["heif-enc", "-q", "60", str(source), "-o", str(path)])
    return path.read_bytes()


def video(path: Path) -> bytes:
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:duration=1:rate=10", "-c:v",
         "libx264", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2021-05-20T10:00:00Z", str(path)])
    return path.read_bytes()


def send(api, method: str, path: str, body: bytes, headers: dict[str, str]) -> urllib.request.Request:
    request = urllib.request.Request(api.base + path, data=body, method=method, headers=headers)
    with api.opener.open(request, timeout=GUARD) as response:
        return response


def upload(api, body: bytes, name: str, taken_at: str | None = None) -> None:
    query = {"name": name, "device": "e2e-phone"}
    if taken_at:
        query["takenAt"] = taken_at
    send(api, "PUT", "/api/photos/backup?" + urllib.parse.urlencode(query), body,
         {"Content-Type": "application/octet-stream"})


def start_resumable(api, body: bytes, name: str) -> int:
    """A tus upload whose first half arrived: it stopped part way. Answers the percent sent."""
    metadata = ",".join(f"{k} {base64.b64encode(v.encode()).decode()}" for k, v in [("filename", name), ("device", "e2e-phone")])
    created = send(api, "POST", "/api/photos/tus", b"",
                   {"Tus-Resumable": "1.0.0", "Upload-Length": str(len(body)), "Upload-Metadata": metadata})
    location = created.headers["Location"]
    send(api, "PATCH", urllib.parse.urlparse(location).path, body[: len(body) // 2],
         {"Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream"})
    return 100 * (len(body) // 2) // len(body)


TILES = "document.querySelectorAll('#photo-timeline .photo-tile')"
LOADED = f"[...{TILES}].filter((t) => t.querySelector('img')?.complete && t.querySelector('img').naturalWidth > 0).length"


def test_photos_show_by_month_open_in_the_viewer_and_go_to_the_trash_and_back(server, browsers, make_api, tmp_path):
    api = make_api("photos")
    upload(api, jpeg(tmp_path / "a.jpg", 0, "2021:05:14 09:00:00"), "IMG_0001.JPG")
    upload(api, jpeg(tmp_path / "b.jpg", 90, "2021:05:02 18:30:00"), "IMG_0002.JPG")
    upload(api, jpeg(tmp_path / "c.jpg", 180, "2020:12:24 20:00:00"), "IMG_0003.JPG")
    upload(api, heic(tmp_path / "d.heic"), "IMG_0004.HEIC", taken_at="2021-05-10T12:00:00Z")
    upload(api, video(tmp_path / "e.mp4"), "IMG_0005.MP4")
    sent = start_resumable(api, jpeg(tmp_path / "f.jpg", 270, None), "IMG_0006.JPG")

    page = browsers()
    sign_in_in_page(page, server.base, api.user["username"])

    click(page, "#account-button")
    click(page, "#open-photo-backup")
    js_wait(page, "document.querySelector('#photo-backup-counts')?.textContent.includes('5 photos and videos kept')",
            message="the card's counts")
    assert "e2e-phone" in page.execute_script("return document.querySelector('#photo-devices').textContent")
    unfinished = page.execute_script("return document.querySelector('#photo-unfinished')?.textContent || ''")
    assert "IMG_0006.JPG" in unfinished and f"{sent} %" in unfinished, unfinished
    click(page, "#photo-backup-open")

    # Newest month first, each photo a thumbnail (the HEIC's and the video's too: JPEGs the server made).
    js_wait(page, f"{TILES}.length === 5 && {LOADED} === 5", message="five thumbnails loaded")
    months = page.execute_script(
        "return [...document.querySelectorAll('#photo-timeline .photo-month')].map((m) => m.dataset.month)")
    assert months == ["2021-05", "2020-12"], months
    names = page.execute_script(f"return [...{TILES}].map((t) => t.title)")
    assert names == ["IMG_0005.MP4", "IMG_0001.JPG", "IMG_0004.HEIC", "IMG_0002.JPG", "IMG_0003.JPG"], names

    click(page, "#photo-timeline .photo-tile[title='IMG_0001.JPG']")
    js_wait(page, "document.querySelector('#photo-viewer img.photo-media')?.naturalWidth > 0", message="the photo in the viewer")
    assert page.execute_script("return document.querySelector('#photo-download').getAttribute('href')").endswith("/original")
    click(page, "#photo-next")
    js_wait(page, "document.querySelector('#photo-name')?.textContent === 'IMG_0004.HEIC'", message="the next photo")
    js_wait(page, "document.querySelector('#photo-viewer img.photo-media')?.naturalWidth > 0", message="the HEIC shown")
    click(page, "#photo-discard")
    click(page, "#dialog-confirm")
    js_wait(page, f"{TILES}.length === 4", message="the photo gone from the timeline")
    # The viewer goes on with the next one.
    js_wait(page, "document.querySelector('#photo-name')?.textContent === 'IMG_0002.JPG'", message="the viewer on the next")
    assert api.get("/api/photos/backup/status")["trashedCount"] == 1

    page.execute_script("document.querySelector('dialog .dialog-head .btn').click()")
    click(page, "#photo-switch")
    js_wait(page, f"{TILES}.length === 1 && {LOADED} === 1", message="the trash with one photo")
    click(page, "#photo-timeline .photo-tile")
    click(page, "#photo-discard")
    js_wait(page, f"{TILES}.length === 0", message="the trash emptied by the restore")
    status = api.get("/api/photos/backup/status")
    assert status["trashedCount"] == 0 and status["photoCount"] == 5
