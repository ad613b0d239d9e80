"""Themes: each of the six is chosen in Appearance, shows at once and stays after a reload;
"auto" follows the system's light or dark; reduced motion stops what moves (the Black Cat's tail).
Screenshots of every theme at desktop and phone size are saved in e2e/screenshots/themes for a
person to look at."""

from __future__ import annotations

from conftest import unique
from helpers import SCREENSHOTS, click, js_wait, sign_in_in_page, sign_up_in_page

THEMES = ["auto", "dark", "light", "pixel", "aura", "blackcat"]
BACKGROUNDS = {"dark": "#0b0f14", "light": "#f6f8fa", "pixel": "#17110c", "aura": "#f1eefa", "blackcat": "#080908"}
BG = "return getComputedStyle(document.documentElement).getPropertyValue('--bg').trim()"
CAT_ANIMATION = "getComputedStyle(document.querySelector('.np-seek'), '::before').animationDuration"


def choose(page, theme: str) -> None:
    click(page, "#account-button")
    click(page, "#open-appearance")
    js_wait(page, "!!document.getElementById('theme-choices')", message="the Appearance dialog")
    page.execute_script(f"document.getElementById('theme-{theme}').click()")
    js_wait(page, f"document.documentElement.dataset.themeChoice === {theme!r}", message=f"the {theme} theme")
    page.execute_script("document.querySelector('dialog .dialog-head .btn').click()")


def emulate(page, **features: str) -> None:
    page.execute_cdp_cmd("Emulation.setEmulatedMedia",
                         {"features": [{"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})


def test_each_theme_is_chosen_shown_and_remembered(server, browsers):
    page = browsers()
    name = unique("theme")
    sign_up_in_page(page, server.base, name)
    for theme in THEMES[1:]:
        choose(page, theme)
        assert page.execute_script("return document.documentElement.dataset.theme") == theme
        assert page.execute_script(BG) == BACKGROUNDS[theme]
        # The browser's own colour (the phone's status bar) follows.
        assert page.execute_script("return document.querySelector('meta[name=theme-color]').content") == BACKGROUNDS[theme]
    page.refresh()
    js_wait(page, "!!(document.querySelector('#app') && window.__blastoise)", message="the app after a reload")
    assert page.execute_script("return document.documentElement.dataset.theme") == "blackcat"
    # The pixel themes' own font, drawn for them, is loaded and set on the brand name.
    js_wait(page, "document.fonts.check('20px \"Blastoise Pixel\"') && [...document.fonts].some("
                  "f => f.family.includes('Blastoise Pixel') && f.status === 'loaded')", message="the pixel font")
    assert "Blastoise Pixel" in page.execute_script("return getComputedStyle(document.querySelector('.brand-name')).fontFamily")
    choose(page, "auto")
    # "auto" is the system's light or dark, and changes with it.
    emulate(page, prefers_color_scheme="light")
    js_wait(page, "document.documentElement.dataset.theme === 'light'", message="auto to follow a light system")
    emulate(page, prefers_color_scheme="dark")
    js_wait(page, "document.documentElement.dataset.theme === 'dark'", message="auto to follow a dark system")


def test_reduced_motion_stills_the_cat(server, browsers):
    page = browsers()
    sign_up_in_page(page, server.base, unique("motion"))
    choose(page, "blackcat")
    assert page.execute_script("return " + CAT_ANIMATION) == "1.6s"
    emulate(page, prefers_reduced_motion="reduce")
    js_wait(page, f"parseFloat({CAT_ANIMATION}) < 0.001", message="the tail to stand still")


def test_screenshots_of_every_theme_at_both_sizes(server, browsers):
    folder = SCREENSHOTS / "themes"
    folder.mkdir(parents=True, exist_ok=True)
    name = unique("shots")
    desktop = browsers()
    sign_up_in_page(desktop, server.base, name)
    phone = browsers(mobile=True, width=390, height=844)
    sign_in_in_page(phone, server.base, name)
    for theme in THEMES[1:]:
        for size, page in (("desktop", desktop), ("phone", phone)):
            page.execute_script("localStorage.setItem('blastoise.theme', arguments[0]); location.reload();", theme)
            js_wait(page, "!!(document.querySelector('#app') && window.__blastoise)", message="the app")
            js_wait(page, f"document.documentElement.dataset.theme === {theme!r}")
            js_wait(page, "document.getElementById('np-title').textContent !== 'Nothing playing'", message="a track")
            path = folder / f"{theme}-{size}.png"
            page.save_screenshot(str(path))
            assert path.stat().st_size > 10_000, path
