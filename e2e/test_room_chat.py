"""Room chat in the browser: two people in one room, a message typed in one page appears in the
other as text (markup shown, never run), a message sent while offline-free is kept for a page that
joins later, and its author deletes it from both pages."""

from __future__ import annotations

from conftest import new_room, tone_tracks, unique
from helpers import Api, chrome, js_wait, sign_in_in_page, sign_up_in_page, switch_room_in_page
from selenium.webdriver.common.keys import Keys

MARKUP = '<img src=x onerror="window.__pwned=1"><b>bold</b> & co'
TEXTS = "[...document.querySelectorAll('#chat-list .chat-message .chat-text')].map(p => p.textContent)"


def test_chat_goes_round_as_text_and_its_author_deletes_it(server):
    owner = Api(server.base)
    owner.signup(unique("chatowner"), "password-123")
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    first, second = chrome(), chrome()
    try:
        ann = unique("chatann")
        for page, name in [(first, ann), (second, unique("chatben"))]:
            sign_up_in_page(page, server.base, name)
            js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
            switch_room_in_page(page, room["id"])
            js_wait(page, "!!document.querySelector('#chat-list .chat-empty')", message="the room's empty chat")
        box = first.find_element("css selector", "#chat-input")
        box.send_keys(MARKUP)
        box.send_keys(Keys.ENTER)
        js_wait(second, f"({TEXTS}).includes({MARKUP!r})", message="the message in the other page")
        assert second.execute_script("return window.__pwned === undefined && !document.querySelector('#chat-list img, #chat-list b')")
        assert second.execute_script("return document.querySelector('#chat-list .chat-author').textContent") == ann
        assert first.execute_script("return document.getElementById('chat-input').value") == ""
        # The other person may not delete it; its author may, and it goes from both pages.
        assert second.execute_script("return document.querySelector('#chat-list .chat-delete') === null")
        first.execute_script("document.querySelector('#chat-list .chat-delete').click()")
        js_wait(second, "!!document.querySelector('#chat-list .chat-empty')", message="the message gone in the other page")
        js_wait(first, "!!document.querySelector('#chat-list .chat-empty')", message="the message gone in its author's page")
    finally:
        first.quit()
        second.quit()


def test_a_page_joining_later_sees_the_rooms_latest_messages(server):
    owner = Api(server.base)
    owner.signup(unique("chatkeeper"), "password-123")
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    page = chrome()
    try:
        sign_up_in_page(page, server.base, unique("chatfirst"))
        js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
        switch_room_in_page(page, room["id"])
        js_wait(page, "!!document.querySelector('#chat-list .chat-empty')", message="the room's empty chat")
        for text in ["one", "two\nlines"]:
            page.execute_script("const i = document.getElementById('chat-input'); i.value = arguments[0];"
                                "document.getElementById('chat-form').requestSubmit();", text)
            js_wait(page, f"({TEXTS}).includes({text!r})", message=f"{text!r} shown")
        page.refresh()
        js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
        switch_room_in_page(page, room["id"])
        js_wait(page, f"JSON.stringify({TEXTS}) === JSON.stringify(['one', 'two\\nlines'])", message="the room's messages after a reload")
    finally:
        page.quit()


def test_an_invite_link_brings_a_guest_straight_into_the_room(server, browsers):
    owner = Api(server.base)
    owner.signup(unique("inviter"), "password-123")
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    # The owner copies the room's invite link from its card's invite dialog.
    inviter = browsers()
    sign_up_in_page(inviter, server.base, unique("linkmaker"))
    js_wait(inviter, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}'] .room-invite\")", message="the invite button")
    inviter.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    inviter.execute_script(f"document.querySelector(\"#room-list li[data-id='{room['id']}'] .room-invite\").click()")
    js_wait(inviter, "document.getElementById('invite-copy')", message="the invite dialog").click()
    js_wait(inviter, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent.startsWith('Invite link to'))", message="the copied toast")
    link = inviter.execute_async_script("const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, () => done(null));")
    assert link == f"{server.base}/#/room/{room['id']}"

    guest = browsers()
    guest.get(link)
    js_wait(guest, "!!document.getElementById('auth-invite')", message="the invitation on the sign-in screen")
    js_wait(guest, "document.getElementById('auth-guest')").click()
    js_wait(guest, "!!window.__blastoise")
    js_wait(guest, f"window.__blastoise.syncInfo().channelId === {room['id']!r}", message="the guest in the invited room")
    assert guest.execute_script("return window.location.hash") == ""


def test_each_listener_sees_how_everyone_is_in_step(server):
    owner = Api(server.base)
    owner.signup(unique("stepowner"), "password-123")
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    first, second = chrome(), chrome()
    try:
        names = [unique("stepann"), unique("stepben")]
        for page, name in zip([first, second], names):
            sign_up_in_page(page, server.base, name)
            js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
            switch_room_in_page(page, room["id"])
        people = ("[...document.querySelectorAll('#np-listeners .np-person')]"
                  ".map(p => [p.querySelector('.np-person-name').textContent, p.dataset.state])")
        js_wait(first, f"(() => {{ const seen = Object.fromEntries({people}); return {names!r}.every(n => seen[n]); }})()",
                message="both listeners' reports in the first page")
        states = dict(first.execute_script(f"return {people}"))
        assert all(states[n] in ("in-sync", "buffering", "waiting") for n in names), states
        # The second page closes: the first no longer lists it.
        second.close()
        js_wait(first, f"!({people}).some(([n]) => n === {names[1]!r})", message="the gone listener dropped")
    finally:
        first.quit()
        second.quit()


def test_the_owner_removes_a_listener_who_lands_in_the_main_room(server):
    host = unique("roomhost")
    owner = Api(server.base)
    owner.signup(host, "password-123")
    room = new_room(owner, [t["id"] for t in tone_tracks(owner)])
    owner_page, member_page = chrome(), chrome()
    try:
        sign_in_in_page(owner_page, server.base, host)
        member = unique("roomguest")
        sign_up_in_page(member_page, server.base, member)
        for page in [owner_page, member_page]:
            js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
            switch_room_in_page(page, room["id"])
        chip = f"#np-listeners .np-person[data-name='{member}'] .np-person-remove"
        js_wait(owner_page, f"!!document.querySelector(\"{chip}\")", message="the remove button on the member's chip")
        owner_page.execute_script(f"document.querySelector(\"{chip}\").click()")
        js_wait(owner_page, "!!document.getElementById('dialog-confirm')")
        owner_page.execute_script("document.getElementById('dialog-confirm').click()")
        js_wait(member_page, f"window.__blastoise.syncInfo().channelId !== {room['id']!r}", message="the member moved out")
        js_wait(member_page, f"[...document.querySelectorAll('.toast-text')].some(t => t.textContent === '{host} removed you from ' + {room['name']!r})",
                message="the member told who removed them")
        # The member's own page offers no remove button on anyone.
        assert member_page.execute_script("return document.querySelector('.np-person-remove') === null")
    finally:
        owner_page.quit()
        member_page.quit()
