"""Room roles in the browser: in owner-only mode a member's page says why the transport is off,
offers a vote to skip (alone in the room, the vote skips), and shows who changed the room."""

from __future__ import annotations

from conftest import new_room, tone_tracks, unique
from helpers import Api, chrome, js_wait, sign_up_in_page, switch_room_in_page


def test_an_owner_only_room_explains_itself_and_takes_a_vote_to_skip(server):
    owner_name = unique("roleowner")
    owner = Api(server.base)
    owner.signup(owner_name, "password-123")
    tracks = tone_tracks(owner)
    room = new_room(owner, [t["id"] for t in tracks])
    owner.patch(f"/api/channels/{room['id']}", {"controlMode": "owner"})
    page = chrome()
    try:
        sign_up_in_page(page, server.base, unique("rolemember"))
        js_wait(page, f"!!document.querySelector(\"#room-list li[data-id='{room['id']}']\")")
        switch_room_in_page(page, room["id"])
        js_wait(page, "!document.getElementById('room-rule').hidden", message="the reason shown")
        assert page.execute_script("return document.getElementById('room-rule').textContent") == \
            "Only the room's owner can control it."
        assert page.execute_script("return document.getElementById('np-play').disabled")
        owner.post(f"/api/channels/{room['id']}/seek", {"timestamp": 5})
        js_wait(page, f"document.getElementById('np-activity').textContent === '{owner_name} seeked to 0:05'",
                message="the owner's seek named")
        js_wait(page, "!document.getElementById('np-vote-skip').hidden", message="the vote button")
        page.execute_script("document.getElementById('np-vote-skip').click()")
        js_wait(page, "document.getElementById('np-activity').textContent === 'skipped by vote'",
                message="the vote skipped")
    finally:
        page.quit()
