"""Room roles in the browser: in owner-only mode a member's page says why the transport is off,
offers a vote to skip (alone in the room, the vote skips; with the owner and another listener,
it takes two of the three), and shows who changed the room."""

from __future__ import annotations

from conftest import new_room, tone_tracks, unique
from helpers import Api, chrome, js_wait, sign_in_in_page, sign_up_in_page, switch_room_in_page


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


def test_a_vote_to_skip_needs_more_than_half_of_the_listeners(server, browsers):
    owner_name = unique("voteowner")
    owner = Api(server.base)
    owner.signup(owner_name, "password-123")
    tracks = tone_tracks(owner)
    room = new_room(owner, [t["id"] for t in tracks])
    room_id = room["id"]
    owner.patch(f"/api/channels/{room_id}", {"controlMode": "owner"})
    card = f"#room-list li[data-id='{room_id}']"

    owner_page = browsers()
    sign_in_in_page(owner_page, server.base, owner_name)
    first, second = browsers(), browsers()
    names = [unique("voteann"), unique("voteben")]
    for page, name in zip([first, second], names):
        sign_up_in_page(page, server.base, name)
    for page in [owner_page, first, second]:
        js_wait(page, f"!!document.querySelector(\"{card}\")")
        switch_room_in_page(page, room_id)
    # Three people listen: the owner and the two members.
    js_wait(first, f"document.querySelector(\"{card} .listeners\").textContent === '3 listeners'", message="three listeners")
    playing = owner.get(f"/api/channels/{room_id}")
    queue = [t["id"] for t in tracks]
    current = playing["track"]["id"]
    following = queue[(queue.index(current) + 1) % len(queue)]
    for page in [owner_page, first, second]:
        js_wait(page, f"window.__blastoise.syncInfo().roomTrackId === {current!r}", message="the room's track")
    # The owner controls the room; the members are offered the vote instead.
    assert owner_page.execute_script("return document.getElementById('np-vote-skip').hidden")
    for page in [first, second]:
        js_wait(page, "!document.getElementById('np-vote-skip').hidden", message="the vote button")

    def said_in_chat(page, text: str) -> None:
        """A chat message goes on the same socket after the vote: once the others have it, the
        server has counted the vote before it."""
        page.execute_script("const i = document.getElementById('chat-input'); i.value = arguments[0];"
                            "document.getElementById('chat-form').requestSubmit();", text)
        js_wait(owner_page, f"[...document.querySelectorAll('#chat-list .chat-text')].some(p => p.textContent === {text!r})",
                message=f"{text!r} at the owner's")

    # One vote of three does not skip, and voting again is still one person's vote.
    first.execute_script("document.getElementById('np-vote-skip').click()")
    js_wait(first, "[...document.querySelectorAll('.toast-text')].some(t => t.textContent === 'Voted to skip')", message="the vote taken")
    first.execute_script("document.getElementById('np-vote-skip').click()")
    said_in_chat(first, "voted twice")
    for page in [owner_page, first, second]:
        assert page.execute_script("return window.__blastoise.syncInfo().roomTrackId") == current
        assert page.execute_script("return document.getElementById('np-activity').textContent") != "skipped by vote"
    assert owner.get(f"/api/channels/{room_id}")["track"]["id"] == current

    # The second person's vote makes two of three: the room skips to the next track, for everyone.
    second.execute_script("document.getElementById('np-vote-skip').click()")
    for page in [owner_page, first, second]:
        js_wait(page, f"window.__blastoise.syncInfo().roomTrackId === {following!r}", message="the next track")
        js_wait(page, "document.getElementById('np-activity').textContent === 'skipped by vote'", message="the skip named")
    assert owner.get(f"/api/channels/{room_id}")["track"]["id"] == following
