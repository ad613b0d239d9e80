"""A private room in three browsers: its owner makes it private in the invite dialog (the link and
its QR code, read back by a real decoder), its DJ finds it listed, a guest comes in straight from
the link. The guest's page says they only listen; the DJ's pause is
named in the guest's activity line, the guest's reaction in the owner's; chat goes round as text; everyone's state shows; the queue
says who added what. A new link revokes the old one: a guest with the old link lands in the main
room, told why. On a server without guests, an invite link opened signed out says so on the
sign-in screen, and signing in (or up) opens the room, a private one too."""

from __future__ import annotations

import pytest
from conftest import new_room, tone_tracks, unique
from helpers import Api, Server, click, js_wait, make_music, qr_decode, sign_in_in_page, switch_room_in_page

STALE = "That room is private and the invite link no longer lets you in"
MARKUP = "<b>hi</b> & <i>all</i>"
TOASTS = "[...document.querySelectorAll('.toast-text')].map(t => t.textContent)"


def card(room_id: str) -> str:
    return f"#room-list li[data-id='{room_id}']"


def open_invite(page, room_id: str) -> None:
    click(page, f"{card(room_id)} .room-invite")
    js_wait(page, "!!document.getElementById('invite-dialog')", message="the invite dialog")


def close_dialog(page) -> None:
    page.execute_script("document.querySelector('dialog[open] .dialog-head button').click()")
    js_wait(page, "!document.querySelector('dialog[open]')", message="the dialog closed")


def guest_from(browsers, link: str):
    page = browsers()
    page.get(link)
    js_wait(page, "!!document.getElementById('auth-invite')", message="the invitation on the sign-in screen")
    js_wait(page, "document.getElementById('auth-guest')").click()
    js_wait(page, "!!window.__blastoise && window.__blastoise.syncInfo().channelId !== null", message="the guest's app")
    return page


def test_a_private_room_with_its_owner_a_dj_and_a_guest_from_the_link(server, browsers, tmp_path):
    owner_name, dj_name = unique("privowner"), unique("privdj")
    owner, dj, stranger = Api(server.base), Api(server.base), Api(server.base)
    owner.signup(owner_name, "password-123")
    dj.signup(dj_name, "password-123")
    stranger.signup(unique("privstranger"), "password-123")
    dj_id = dj.get("/api/auth/me")["user"]["id"]
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    room_id = room["id"]
    owner.patch(f"/api/channels/{room_id}", {"controlMode": "djs", "djs": [dj_id]})

    owner_page = browsers()
    sign_in_in_page(owner_page, server.base, owner_name)
    js_wait(owner_page, f"!!document.querySelector(\"{card(room_id)}\")")
    switch_room_in_page(owner_page, room_id)
    open_invite(owner_page, room_id)
    owner_page.execute_script("document.getElementById('invite-private').click()")
    js_wait(owner_page, "(document.getElementById('invite-link')?.value || '').includes('?invite=')",
            message="the private link")
    link = owner_page.execute_script("return document.getElementById('invite-link').value")
    assert link.startswith(f"{server.base}/#/room/{room_id}?invite=")
    qr = owner_page.find_element("css selector", "#invite-qr svg").screenshot_as_png
    assert qr_decode(qr, tmp_path / "invite.png") == link.encode()
    close_dialog(owner_page)
    js_wait(owner_page, f"!!document.querySelector(\"{card(room_id)} .room-private\")", message="the private badge")
    assert room_id not in [r["id"] for r in stranger.get("/api/channels")]

    dj_page = browsers()
    sign_in_in_page(dj_page, server.base, dj_name)
    js_wait(dj_page, f"!!document.querySelector(\"{card(room_id)}\")", message="the private room listed for its DJ")
    switch_room_in_page(dj_page, room_id)

    guest = guest_from(browsers, link)
    js_wait(guest, f"window.__blastoise.syncInfo().channelId === {room_id!r}", message="the guest in the private room")
    # A guest only listens: no transport, and the page says so (their socket's pause is ignored,
    # as the seed's clients expect; the server tests hold that).
    js_wait(guest, "!!document.getElementById('guest-note') && document.getElementById('np-play').closest('.transport').hidden",
            message="the guest's hidden transport")
    assert guest.execute_script("return document.getElementById('guest-note').textContent").startswith("You are listening as a guest")

    # The DJ pauses; the guest sees who did.
    js_wait(dj_page, "!document.getElementById('np-play').disabled", message="the DJ's controls")
    dj_page.execute_script("document.getElementById('np-play').click()")
    js_wait(guest, f"document.getElementById('np-activity').textContent === {dj_name + ' paused'!r}",
            message="the DJ's pause named")
    js_wait(guest, f"({TOASTS}).includes({dj_name + ' paused'!r})", message="the DJ's pause in a toast")
    assert not dj_page.execute_script(f"return ({TOASTS}).includes({dj_name + ' paused'!r})"), "one's own change is not toasted"

    # Chat from the guest reaches the owner as text.
    guest.execute_script("const i = document.getElementById('chat-input'); i.value = arguments[0];"
                         "document.getElementById('chat-form').requestSubmit();", MARKUP)
    texts = "[...document.querySelectorAll('#chat-list .chat-message .chat-text')].map(p => p.textContent)"
    js_wait(owner_page, f"({texts}).includes({MARKUP!r})", message="the guest's message at the owner's")
    assert owner_page.execute_script("return !document.querySelector('#chat-list b, #chat-list i')")

    # The guest reacts to the playing track; the owner reads it in the activity line.
    js_wait(guest, "document.querySelector('#np-reactions:not([hidden]) [data-emoji=\"🔥\"]')").click()
    js_wait(owner_page, "/^guest\\S* reacted 🔥 to \\S/.test(document.getElementById('np-activity').textContent)",
            message="the guest's reaction named")

    # Everyone's state shows at the owner's, and the queue says who added its tracks.
    people = "[...document.querySelectorAll('#np-listeners .np-person-name')].map(p => p.textContent)"
    js_wait(owner_page, f"({people}).length === 3 && [{owner_name!r}, {dj_name!r}].every(n => ({people}).includes(n))",
            message="the three listeners' states")
    js_wait(owner_page, f"[...document.querySelectorAll('#queue-list .tr-sub')].some(s => s.textContent.endsWith('added by {owner_name}'))",
            message="who added the queue's tracks")

    # A new link: the old one no longer lets anyone in.
    open_invite(owner_page, room_id)
    owner_page.execute_script("document.getElementById('invite-renew').click()")
    js_wait(owner_page, "document.getElementById('dialog-confirm')").click()
    js_wait(owner_page, f"(document.getElementById('invite-link')?.value || {link!r}) !== {link!r}", message="the new link")
    renewed = owner_page.execute_script("return document.getElementById('invite-link').value")
    assert renewed.startswith(f"{server.base}/#/room/{room_id}?invite=")
    close_dialog(owner_page)
    late = guest_from(browsers, link)
    js_wait(late, f"({TOASTS}).includes({STALE!r})", message="why the old link did not work")
    main = next(r["id"] for r in stranger.get("/api/channels") if r["isDefault"])
    js_wait(late, f"window.__blastoise.syncInfo().channelId === {main!r}", message="the late guest in the main room")


def test_activity_close_together_is_one_toast(server, browsers):
    """Five changes in one moment make one toast naming three and counting the rest."""
    page = browsers()
    page.get(server.base + "/")
    said = page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import("/js/activity-toasts.js").then(({ createActivityToasts }) => {
          const texts = [];
          const toasts = createActivityToasts((text) => texts.push(text), 50);
          for (const m of ["ana paused", "ben added 8 tracks", "cat skipped", "dan resumed", "eve seeked to 1:05"]) toasts.add(m);
          setTimeout(() => { toasts.add("ana paused"); toasts.flush(); done(texts); }, 300);
        });""")
    assert said == ["ana paused · ben added 8 tracks · cat skipped and 2 more", "ana paused"]


@pytest.fixture(scope="module")
def members_only_server():
    server = Server(guests=False)
    make_music(server.music)
    server.start()
    try:
        server.wait_for_library(5)
        yield server
    finally:
        server.cleanup()


INVITED = "You were invited to a room: sign in to join it."


def signed_out_at(browsers, link: str):
    page = browsers()
    page.get(link)
    js_wait(page, "!!document.getElementById('auth-invite')", message="the invitation on the sign-in screen")
    return page


def submit_auth(page, username: str, password: str = "password-123") -> None:
    page.find_element("id", "auth-username").send_keys(username)
    page.find_element("id", "auth-password").send_keys(password)
    page.find_element("id", "auth-submit").click()
    js_wait(page, "!!document.querySelector('#app') && !!window.__blastoise", message="the app")


def test_an_invite_link_opened_signed_out_without_guests_opens_the_room_after_signing_in(members_only_server, browsers):
    server = members_only_server
    owner, member = Api(server.base), Api(server.base)
    owner.signup(unique("inviteowner"), "password-123")
    member_name = unique("invitedmember")
    member.signup(member_name, "password-123")
    tracks = [t["id"] for t in tone_tracks(owner)]
    public = new_room(owner, tracks)
    private = new_room(owner, tracks)
    owner.patch(f"/api/channels/{private['id']}", {"isPrivate": True})
    token = owner.get(f"/api/channels/{private['id']}")["inviteToken"]
    assert token

    # An existing account: the screen says why, offers no guest way in, and signing in opens the room.
    page = signed_out_at(browsers, f"{server.base}/#/room/{public['id']}")
    assert page.execute_script("return document.getElementById('auth-invite').textContent") == INVITED
    assert page.execute_script("return document.getElementById('auth-guest')") is None
    submit_auth(page, member_name)
    js_wait(page, f"window.__blastoise.syncInfo().channelId === {public['id']!r}", message="the invited room")
    js_wait(page, f"!!document.querySelector(\"{card(public['id'])}.active\")", message="the room's card active")
    assert page.execute_script("return window.location.hash") == ""

    # A new account from a private room's link: signing up opens that room, which a stranger does not see listed.
    page = signed_out_at(browsers, f"{server.base}/#/room/{private['id']}?invite={token}")
    assert page.execute_script("return document.getElementById('auth-invite').textContent") == INVITED
    page.find_element("id", "tab-signup").click()
    newcomer = unique("newcomer")
    submit_auth(page, newcomer)
    js_wait(page, f"window.__blastoise.syncInfo().channelId === {private['id']!r}", message="the invited private room")
    js_wait(page, f"!!document.querySelector(\"{card(private['id'])}.active\")", message="the private room's card, active")
    assert page.execute_script("return window.location.hash") == ""
    assert private["id"] not in [r["id"] for r in member.get("/api/channels")]
