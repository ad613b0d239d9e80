"""The QR encoder (Web/js/qr.js) in the real web app's page: its SVGs, screenshotted as PNGs, are
read back by a real decoder (zbarimg, Debian's zbar-tools) as exactly the text encoded — ASCII, an
invite link, UTF-8 beyond ASCII, a symbol big enough to carry version info, a full version 40, and
every EC level — and a text too long for any version is refused with a clear error."""

from __future__ import annotations

import pytest
from helpers import qr_decode

INVITE = "http://127.0.0.1:8123/#/room/AbCdEf0123456789?invite=Zx9" + "kP3_qR7-wT1yU5iO8aS2dF4gH6jK0lZ" + "xCvBnM123"
assert len(INVITE.split("invite=")[1]) == 43
# 429 bytes: version 16 at level M, so the symbol has version info (versions 7 and up).
LONG = " ".join(f"Track {n:03d} of the listening party, queued by guest {n * 7 % 101}." for n in range(8))

# Renders qrSvg(text, options) alone on a white page (the app's own page, emptied) and reports
# what the module says about it: the SVG's attributes, or the error thrown.
RENDER = """
const [text, options, done] = arguments;
import("/js/qr.js").then(({ qrMatrix, qrSvg }) => {
  let el;
  try { el = qrSvg(text, options); } catch (error) { return done({ error: String(error.message) }); }
  const stage = document.createElement("div");
  stage.id = "qr-stage";
  Object.assign(stage.style, { position: "fixed", left: "0", top: "0", padding: "0", margin: "0",
    background: "#fff", lineHeight: "0", zIndex: "2147483647" });
  document.body.replaceChildren(stage);
  document.body.style.background = "#fff";
  stage.append(el);
  const attr = (name) => el.getAttribute(name);
  done({
    tag: el.tagName, isSvg: el instanceof SVGSVGElement, role: attr("role"), label: attr("aria-label"),
    width: attr("width"), height: attr("height"), viewBox: attr("viewBox"),
    paths: el.querySelectorAll("path").length, crisp: el.querySelector("path")?.getAttribute("shape-rendering"),
    size: qrMatrix(text, { ecLevel: options.ecLevel }).size,
  });
}, (error) => done({ error: "import failed: " + error }));
"""


@pytest.fixture()
def page(server, browsers):
    driver = browsers(height=1000)
    driver.get(server.base + "/")
    return driver


def render(page, text: str, **options) -> dict:
    return page.execute_async_script(RENDER, text, options)


def decode(page, tmp_path, name: str) -> bytes:
    """The element screenshot of the rendered SVG, as zbarimg reads it."""
    return qr_decode(page.find_element("css selector", "#qr-stage svg").screenshot_as_png, tmp_path / f"{name}.png")


def assert_round_trip(page, tmp_path, name: str, text: str, **options) -> dict:
    info = render(page, text, **options)
    assert "error" not in info, info
    assert decode(page, tmp_path, name) == text.encode("utf-8")
    return info


@pytest.mark.parametrize("name, text", [
    ("ascii", "Hello, Blastoise!"),
    ("invite", INVITE),
    ("utf8", "Café – 東京 🎵"),
    ("long", LONG),
])
def test_a_qr_code_reads_back_as_its_text(page, tmp_path, name, text):
    info = assert_round_trip(page, tmp_path, name, text, moduleSize=5)
    size = info["size"]
    span = size + 2 * 4
    assert info["isSvg"] and info["tag"] == "svg"
    assert (info["role"], info["label"]) == ("img", "QR code")
    assert (info["width"], info["height"], info["viewBox"]) == (str(span * 5), str(span * 5), f"0 0 {span} {span}")
    assert (info["paths"], info["crisp"]) == (1, "crispEdges")
    if name == "long":
        assert len(text.encode()) > 400 and size >= 45, size  # version 7 or more: version info is drawn


def test_every_error_correction_level_reads_back(page, tmp_path):
    sizes = []
    for level in "LMQH":
        info = assert_round_trip(page, tmp_path, f"level-{level}", INVITE, ecLevel=level, moduleSize=5,
                                 label=f"Invite link, level {level}")
        assert info["label"] == f"Invite link, level {level}"
        sizes.append(info["size"])
    # More error correction leaves less room for data: the symbol never gets smaller from L to H.
    assert sizes == sorted(sizes) and sizes[0] < sizes[-1], sizes


def test_the_largest_symbol_reads_back_and_one_byte_more_is_refused(page, tmp_path):
    full = "".join(chr(ord("a") + n % 26) for n in range(2331))  # version 40's capacity at level M
    info = assert_round_trip(page, tmp_path, "version-40", full, moduleSize=4, margin=4)
    assert info["size"] == 177
    refused = render(page, full + "z")
    assert refused == {"error": "Text too long for a QR code: 2332 bytes, at most 2331 at level M"}
    # UTF-8 bytes are what count: 1000 × "東" is 3000 bytes, over even level L's 2953.
    refused = render(page, "東" * 1000, ecLevel="L")
    assert refused == {"error": "Text too long for a QR code: 3000 bytes, at most 2953 at level L"}
