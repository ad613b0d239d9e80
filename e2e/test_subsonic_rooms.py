"""Listen together from a Subsonic app, built from docs/opensubsonic-rooms.md alone (and the usual
Subsonic sign-in): `ListenTogetherClient` is a small app that finds rooms, joins one under its
name, keeps its clock in step with getServerTime (a burst, keeping the sample of the smallest
round trip), works out where the room is now (positionMs + (serverNow − serverTime) while
playing) and follows the room with getRoomUpdate and seq. The tests are what a user relies on:
two apps of two people are counted and named in the room; both agree on where the room is; a
pause and seek by the owner reaches a following app and holds, and play moves it on; a DJs-only
room refuses a member's control with error 50 and takes a vote to skip instead; a private room
is error 70 without its invite and open with it. Every XML answer of these calls is well formed
and in Subsonic's namespace. Every wait is a hang guard (GUARD), never a speed target."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from conftest import new_room, tone_tracks, unique
from helpers import GUARD, Api, poll_until
from lxml import etree

NS = "http://subsonic.org/restapi"
ENVELOPE = f"{{{NS}}}subsonic-response"


class SubsonicError(Exception):
    def __init__(self, method: str, code: int, message: str):
        super().__init__(f"{method}: error {code}: {message}")
        self.method = method
        self.code = code
        self.message = message


def clock_ms() -> float:
    """The app's own clock, in ms since 1970 (the server's `time` and `serverTime` are the same unit)."""
    return time.time() * 1000.0


def as_list(value) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


class ListenTogetherClient:
    """A listen-together app as the document describes it ("How an app listens together"), on
    stdlib urllib and json: every call is /rest/<method> with an app password as `apiKey`, the
    app's name as `c`, `v` and `f=json`."""

    VERSION = "1.16.1"

    def __init__(self, base: str, api_key: str, name: str):
        self.base = base
        self.api_key = api_key
        self.name = name
        self.room_id: str | None = None
        self.invite: str | None = None
        self.state: dict | None = None      # the last room state applied
        self.offset = 0.0                    # serverNow = clock_ms() + offset
        self.kept_rtt: float | None = None   # the round trip of the sample kept
        self.applied: list[dict] = []        # every state applied, in order
        self._lock = threading.Condition()
        self._following: threading.Thread | None = None
        self._stop = threading.Event()
        self.follow_errors: list[BaseException] = []

    # ------------------------------------------------------------ the wire

    def url(self, method: str, params: dict, f: str = "json") -> str:
        pairs = [("apiKey", self.api_key), ("v", self.VERSION), ("c", self.name), ("f", f)]
        for key, value in params.items():
            if value is None:
                continue
            for one in (value if isinstance(value, (list, tuple)) else [value]):
                pairs.append((key, str(one).lower() if isinstance(one, bool) else str(one)))
        return f"{self.base}/rest/{method}?{urllib.parse.urlencode(pairs)}"

    def raw(self, method: str, params: dict | None = None, f: str = "json", http_timeout: float = GUARD) -> bytes:
        request = urllib.request.Request(self.url(method, params or {}, f), method="GET")
        try:
            with urllib.request.urlopen(request, timeout=http_timeout) as response:
                assert response.status == 200, (method, response.status)
                return response.read()
        except urllib.error.HTTPError as error:
            # Subsonic errors come on HTTP 200; anything else is a server fault worth seeing whole.
            raise AssertionError(f"{method}: HTTP {error.code}: {error.read()[:500]!r}") from None

    def call(self, method: str, http_timeout: float = GUARD, **params) -> dict:
        document = json.loads(self.raw(method, params, "json", http_timeout))
        assert list(document) == ["subsonic-response"], document
        envelope = document["subsonic-response"]
        if envelope.get("status") != "ok":
            error = envelope.get("error") or {}
            raise SubsonicError(method, int(error.get("code", -1)), error.get("message", ""))
        return envelope

    # ------------------------------------------------------------ 1. find a room

    def rooms(self) -> list[dict]:
        return as_list(self.call("getRooms").get("rooms", {}).get("room"))

    def room(self, room_id: str, invite: str | None = None) -> dict:
        return self.call("getRoom", id=room_id, invite=invite)["room"]

    # ------------------------------------------------------------ 2. join it

    def join(self, room_id: str, invite: str | None = None) -> dict:
        state = self.call("joinRoom", id=room_id, invite=invite)["room"]
        with self._lock:
            if self.room_id != room_id:
                self.state = None
                self.applied = []
            self.room_id, self.invite = room_id, invite
        self.apply(state)
        return state

    def leave(self) -> None:
        self.stop_following()
        if self.room_id is not None:
            self.call("leaveRoom", id=self.room_id)
        self.room_id = None

    # ------------------------------------------------------------ 3. the clock

    def server_time_sample(self) -> tuple[float, float]:
        """One getServerTime: (round trip, offset), as the document's formulas say."""
        client_time = int(clock_ms())
        answer = self.call("getServerTime", clientTime=client_time)["serverTime"]
        t3 = clock_ms()
        assert int(answer["clientTime"]) == client_time, answer  # "comes back as sent"
        rtt = t3 - client_time
        offset = int(answer["time"]) - (client_time + rtt / 2)
        return rtt, offset

    def sync_clock(self, burst: int = 8) -> float:
        """A burst of getServerTime calls; keeps the offset of the smallest round trip."""
        samples = [self.server_time_sample() for _ in range(burst)]
        rtt, offset = min(samples, key=lambda sample: sample[0])
        self.kept_rtt, self.offset = rtt, offset
        return offset

    def server_now(self, at: float | None = None) -> float:
        return (clock_ms() if at is None else at) + self.offset

    # ------------------------------------------------------------ 4. where the room is

    def room_position_now(self, at: float | None = None) -> float:
        """How far into the playing entry the room is now (or at the app's clock reading `at`)."""
        with self._lock:
            state = self.state
        assert state is not None, "not in a room"
        if state["paused"]:
            return float(state["positionMs"])
        return state["positionMs"] + (self.server_now(at) - state["serverTime"])

    def playing_entry(self) -> dict:
        with self._lock:
            state = self.state
        return as_list(state.get("entry"))[state["currentIndex"]]

    # ------------------------------------------------------------ 5. follow changes

    def apply(self, state: dict) -> bool:
        """Applies a state unless its seq is lower than the last one applied."""
        with self._lock:
            if self.state is not None and state["seq"] < self.state["seq"]:
                return False
            self.state = state
            self.applied.append(state)
            self._lock.notify_all()
            return True

    def update(self, timeout: int = 25) -> dict:
        with self._lock:
            seq = None if self.state is None else self.state["seq"]
        state = self.call("getRoomUpdate", http_timeout=timeout + GUARD, id=self.room_id, seq=seq,
                          timeout=timeout, invite=self.invite)["room"]
        self.apply(state)
        return state

    def follow(self, timeout: int = 25) -> None:
        """getRoomUpdate in a loop on a thread of its own, until stop_following."""
        assert self.room_id is not None
        self._stop.clear()

        def loop():
            while not self._stop.is_set():
                try:
                    self.update(timeout)
                except BaseException as error:  # noqa: BLE001 - shown by wait_for
                    self.follow_errors.append(error)
                    with self._lock:
                        self._lock.notify_all()
                    return

        self._following = threading.Thread(target=loop, name=f"follow-{self.name}", daemon=True)
        self._following.start()

    def stop_following(self) -> None:
        self._stop.set()
        if self._following is not None:
            self._following.join(GUARD + 30)
            self._following = None

    def wait_for(self, accept, message: str) -> dict:
        """Waits (a hang guard) until the follow loop has applied a state that accept() takes."""
        deadline = time.time() + GUARD
        with self._lock:
            while True:
                assert not self.follow_errors, f"the follow loop failed: {self.follow_errors[0]!r}"
                if self.state is not None and accept(self.state):
                    return self.state
                left = deadline - time.time()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {message}; last state: {self.state!r}")
                self._lock.wait(min(left, 0.5))

    # ------------------------------------------------------------ controls

    def control(self, action: str, **params) -> dict:
        state = self.call("controlRoom", id=self.room_id, action=action, **params)["room"]
        self.apply(state)
        return state

    def vote_skip(self) -> bool:
        return bool(self.call("voteSkipRoom", id=self.room_id)["voteSkip"]["skipped"])

    def update_queue(self, add: list[str] = (), remove: list[int] = (), insert_at: int | None = None) -> dict:
        state = self.call("updateRoomQueue", id=self.room_id, songIdToAdd=list(add),
                          songIndexToRemove=list(remove), insertAt=insert_at)["room"]
        self.apply(state)
        return state


# ---------------------------------------------------------------- people and rooms


class Person:
    """A signed-up user (the web app's session in `api`) who made an app password for their
    music app, and that app."""

    def __init__(self, server, make_api, prefix: str, app_name: str):
        self.api: Api = make_api(prefix)
        self.username = self.api.user["username"]
        secret = self.api.post("/api/app-passwords", {"name": app_name})["password"]
        self.app = ListenTogetherClient(server.base, secret, app_name)

    @property
    def user_id(self) -> str:
        return self.api.get("/api/auth/me")["user"]["id"]


@pytest.fixture()
def people(server, make_api):
    made: list[Person] = []

    def person(prefix: str, app_name: str = "LT e2e") -> Person:
        one = Person(server, make_api, prefix, app_name)
        made.append(one)
        return one

    yield person
    for one in made:
        try:
            one.app.leave()
        except Exception:  # noqa: BLE001 - teardown: the room may be gone
            pass


def room_of(owner: Person, name: str | None = None) -> dict:
    """A room made in the web app by its owner, with the tone tracks queued."""
    tracks = tone_tracks(owner.api)
    room = new_room(owner.api, [t["id"] for t in tracks], name)
    room["trackIds"] = [t["id"] for t in tracks]
    return room


def listed(app: ListenTogetherClient, room_id: str) -> dict | None:
    return next((r for r in app.rooms() if r["id"] == room_id), None)


def listener_names(state: dict) -> list[str]:
    """getRooms lists names; getRoom lists {name, syncState?, driftMs?}."""
    return [item if isinstance(item, str) else item["name"] for item in as_list(state.get("listener"))]


# ---------------------------------------------------------------- the extension is announced


def test_the_extension_is_announced(people):
    ann = people("ltext")
    extensions = as_list(ann.app.call("getOpenSubsonicExtensions").get("openSubsonicExtensions"))
    assert {"name": "listenTogether", "versions": [1]} in extensions, extensions
    # The document's sign-in: an app password as apiKey (OpenSubsonic's apiKeyAuthentication).
    assert "apiKeyAuthentication" in {e["name"] for e in extensions}, extensions


# ---------------------------------------------------------------- a. two apps in one room


def test_two_peoples_apps_are_counted_and_named_in_the_room_until_one_leaves(people):
    ann, ben = people("ltann", "Ann's phone"), people("ltben", "Ben's laptop")
    room = room_of(ann)
    room_id = room["id"]

    # Both find the room in getRooms (public: everyone sees it), with its queue, nobody in it yet.
    for person in (ann, ben):
        card = listed(person.app, room_id)
        assert card is not None, f"{person.username} does not see the room"
        assert card["name"] == room["name"] and card["songCount"] == len(room["trackIds"])
        assert card["isPrivate"] is False and card["isDefault"] is False
        assert card["listenerCount"] == 0 and listener_names(card) == []

    first = ann.app.join(room_id)
    assert first["id"] == room_id and first["listenerCount"] == 1
    assert listener_names(first) == [ann.username]
    second = ben.app.join(room_id)
    assert second["listenerCount"] == 2
    assert sorted(listener_names(second)) == sorted([ann.username, ben.username])
    # The state is what step 4 needs: a queue of songs, the playing entry, a clock reading.
    assert [e["id"] for e in as_list(second["entry"])] == room["trackIds"]
    assert 0 <= second["currentIndex"] < len(room["trackIds"])
    assert second["playbackMode"] in {"once", "repeat-all", "repeat-one", "shuffle"}
    # Step 4: the app loads the playing entry's song with stream, as any song.
    entry = ben.app.playing_entry()
    with urllib.request.urlopen(ben.app.url("stream", {"id": entry["id"]}), timeout=GUARD) as response:
        assert response.headers.get("Content-Type", "").startswith("audio/"), response.headers
        assert response.read(12)[:4] == b"RIFF"

    for person in (ann, ben):
        card = listed(person.app, room_id)
        assert card["listenerCount"] == 2, card
        assert sorted(listener_names(card)) == sorted([ann.username, ben.username]), card

    # Listeners coming and going do not change seq (the room itself did not change).
    before = ann.app.room(room_id)
    ben.app.leave()
    after = ann.app.room(room_id)
    assert after["listenerCount"] == 1 and listener_names(after) == [ann.username], after
    if after["currentIndex"] == before["currentIndex"]:
        assert after["seq"] == before["seq"], (before["seq"], after["seq"])
    card = listed(ben.app, room_id)
    assert card["listenerCount"] == 1 and listener_names(card) == [ann.username], card
    # Leaving again is not an error.
    ben.app.call("leaveRoom", id=room_id)


def test_an_app_is_in_one_room_at_a_time(people):
    ann = people("ltone")
    first, second = room_of(ann), room_of(ann)
    ann.app.join(first["id"])
    ann.app.join(second["id"])
    assert listed(ann.app, first["id"])["listenerCount"] == 0
    assert listed(ann.app, second["id"])["listenerCount"] == 1


# ---------------------------------------------------------------- b. the clock


def test_the_clock_offset_is_near_zero_on_loopback_and_two_apps_agree_where_the_room_is(people):
    ann, ben = people("ltclka"), people("ltclkb")
    room = room_of(ann)
    for person in (ann, ben):
        person.app.join(room["id"])
        person.app.sync_clock()
        # The server runs on this machine (loopback): both clocks are the same clock, so the offset
        # is zero within the error the method admits (half the kept round trip). ±50 ms is a sanity
        # bound on the arithmetic (a sign or unit slip would be off by far more), not a speed claim.
        assert abs(person.app.offset) <= 50, (person.app.offset, person.app.kept_rtt)
        assert person.app.kept_rtt is not None and person.app.kept_rtt >= 0
    assert not ann.app.state["paused"], "a room with a queue plays"
    # At one instant both apps, each from its own state and offset, put the room at the same
    # place (within 100 ms), and that place is where the server says it is.
    instant = clock_ms()
    a, b = ann.app.room_position_now(instant), ben.app.room_position_now(instant)
    assert abs(a - b) <= 100, (a, b)
    assert a >= 0
    fresh = ann.app.room(room["id"])
    if fresh["currentIndex"] == ann.app.state["currentIndex"]:
        now = clock_ms()
        served = fresh["positionMs"] + (ann.app.server_now(now) - fresh["serverTime"])
        assert abs(served - ann.app.room_position_now(now)) <= 100, (served, ann.app.room_position_now(now))


# ---------------------------------------------------------------- c. following the room


def test_a_following_app_gets_the_owners_pause_and_seek_and_then_play(people):
    owner, ann = people("ltfowner", "Owner's app"), people("ltfann", "Ann's app")
    room = room_of(owner)
    owner.app.join(room["id"])
    ann.app.join(room["id"])
    ann.app.sync_clock()
    ann.app.follow(timeout=5)
    start_seq = ann.app.state["seq"]

    paused = owner.app.control("pause")
    assert paused["paused"] is True and paused["seq"] > start_seq
    duration_ms = as_list(paused["entry"])[paused["currentIndex"]]["duration"] * 1000
    target = 12_345 if duration_ms > 20_000 else duration_ms // 2
    sought = owner.app.control("seek", positionMs=target)
    assert sought["paused"] is True and sought["positionMs"] == target and sought["seq"] > paused["seq"]

    state = ann.app.wait_for(lambda s: s["seq"] >= sought["seq"], "the seek at the following app")
    assert state["seq"] == sought["seq"] and state["paused"] is True and state["positionMs"] == target, state
    assert state["currentIndex"] == sought["currentIndex"]
    # Every state the loop applied had a seq no lower than the one before.
    seqs = [s["seq"] for s in ann.app.applied]
    assert seqs == sorted(seqs), seqs
    # While paused, the room stays where it was sought to.
    assert ann.app.room_position_now() == target
    time.sleep(0.5)
    assert ann.app.room_position_now() == target

    asked = clock_ms()
    played = owner.app.control("play")
    answered = clock_ms()
    assert played["paused"] is False and played["seq"] > sought["seq"]
    # It plays on from where it was held: positionMs is where it is at serverTime, some time
    # (at most the call's own round trip) after the play took effect.
    assert target <= played["positionMs"] <= target + (answered - asked) + 1, (played["positionMs"], answered - asked)
    state = ann.app.wait_for(lambda s: s["seq"] >= played["seq"], "play at the following app")
    assert state["paused"] is False
    first = ann.app.room_position_now()
    assert first >= target - 50, (first, target)
    poll_until(ann.app.room_position_now, lambda p: p > first + 200, message="the room's position to advance")
    # Where A puts the room agrees with a fresh state from the server.
    fresh = owner.app.room(room["id"])
    if fresh["currentIndex"] == state["currentIndex"] and fresh["seq"] == state["seq"]:
        owner.app.sync_clock()
        now = clock_ms()
        served = fresh["positionMs"] + (owner.app.server_now(now) - fresh["serverTime"])
        assert abs(served - ann.app.room_position_now(now)) <= 100


def test_the_next_song_starts_where_the_app_expects_the_playing_one_to_end(people):
    """Step 4: the app loads the next entry itself at the boundary. That only works if the room's
    next song starts exactly when the app, from the state it has, puts the playing one's end."""
    ann = people("ltedge")
    room = room_of(ann)
    ann.app.join(room["id"])
    ann.app.sync_clock()
    held = ann.app.control("pause")
    assert held["playbackMode"] == "repeat-all"
    entry = as_list(held["entry"])[held["currentIndex"]]
    length = entry["duration"] * 1000  # the tone files are whole seconds long
    ann.app.control("seek", positionMs=length - 1500)
    playing = ann.app.control("play")
    ann.app.follow(timeout=5)
    expected_end = playing["serverTime"] + (length - playing["positionMs"])  # server clock
    moved = ann.app.wait_for(lambda s: s["currentIndex"] != playing["currentIndex"], "the song boundary")
    assert moved["currentIndex"] == (playing["currentIndex"] + 1) % len(room["trackIds"]), moved
    assert moved["paused"] is False and moved["seq"] > playing["seq"]
    # Where the new state puts the next song's start, on the server's clock: at the old one's end
    # (within the document's 20 ms "in sync"; a timeline check, not a speed one).
    started = moved["serverTime"] - moved["positionMs"]
    assert abs(started - expected_end) <= 20, (started, expected_end)


def test_a_room_update_without_a_change_answers_after_its_timeout_with_the_same_seq(people):
    ann = people("ltwait")
    room = room_of(ann)
    joined = ann.app.join(room["id"])
    ann.app.control("pause")  # nothing moves the room on while the update waits
    seq = ann.app.state["seq"]
    state = ann.app.call("getRoomUpdate", id=room["id"], seq=seq, timeout=1)["room"]
    assert state["seq"] == seq and state["id"] == joined["id"]


# ---------------------------------------------------------------- d. control rules and votes


def test_a_djs_only_room_refuses_a_members_control_and_two_of_three_votes_skip(people):
    owner = people("ltdjowner", "Owner's app")
    ann, ben = people("ltdjann", "Ann's app"), people("ltdjben", "Ben's app")
    room = room_of(owner)
    room_id = room["id"]
    owner.api.patch(f"/api/channels/{room_id}", {"controlMode": "djs"})
    for person in (owner, ann, ben):
        person.app.join(room_id)

    state = ann.app.room(room_id)
    assert state.get("controlMode") == "djs", state
    assert state.get("canControl") is False, state
    assert owner.app.room(room_id).get("canControl") is True
    assert state["listenerCount"] == 3

    with pytest.raises(SubsonicError) as refused:
        ann.app.control("pause")
    assert refused.value.code == 50 and refused.value.message.strip(), refused.value
    with pytest.raises(SubsonicError) as refused:
        ann.app.update_queue(add=[room["trackIds"][0]])
    assert refused.value.code == 50 and refused.value.message.strip(), refused.value
    assert ann.app.room(room_id)["paused"] is False

    # The owner holds the room still so no song boundary moves it on between the votes.
    held = owner.app.control("pause")
    current = held["currentIndex"]
    assert ann.app.vote_skip() is False            # one of three is not more than half
    assert owner.app.room(room_id)["currentIndex"] == current
    assert ann.app.vote_skip() is False            # the same person again is still one vote
    assert owner.app.room(room_id)["currentIndex"] == current
    assert ben.app.vote_skip() is True             # two of three
    moved = owner.app.room(room_id)
    assert moved["currentIndex"] != current and moved["seq"] > held["seq"], moved
    assert moved["currentIndex"] == (current + 1) % len(room["trackIds"]), moved


# ---------------------------------------------------------------- e. private rooms


def test_a_private_room_is_error_70_without_its_invite_and_open_with_it(people):
    owner, guest = people("ltprivowner", "Owner's app"), people("ltprivguest", "Guest's app")
    room = room_of(owner)
    room_id = room["id"]
    owner.api.patch(f"/api/channels/{room_id}", {"isPrivate": True})
    invite = owner.api.get(f"/api/channels/{room_id}")["inviteToken"]
    assert invite

    owner_card = listed(owner.app, room_id)
    assert owner_card is not None and owner_card["isPrivate"] is True
    assert listed(guest.app, room_id) is None
    for method in ("getRoom", "joinRoom", "getRoomUpdate"):
        with pytest.raises(SubsonicError) as refused:
            guest.app.call(method, id=room_id, timeout=1)
        assert refused.value.code == 70, refused.value
    with pytest.raises(SubsonicError) as refused:
        guest.app.call("getRoom", id=room_id, invite=invite + "x")
    assert refused.value.code == 70, refused.value

    assert guest.app.room(room_id, invite=invite)["id"] == room_id
    state = guest.app.join(room_id, invite=invite)
    assert state["id"] == room_id and state["isPrivate"] is True
    assert guest.username in listener_names(state)
    # The app follows with the invite it joined with.
    followed = guest.app.update(timeout=1)
    assert followed["id"] == room_id


# ---------------------------------------------------------------- XML answers


def xml_root(body: bytes, method: str) -> etree._Element:
    """A well-formed XML answer whose elements are all in Subsonic's namespace."""
    root = etree.fromstring(body)
    assert root.tag == ENVELOPE, (method, root.tag)
    strays = [el.tag for el in root.iter() if isinstance(el.tag, str) and etree.QName(el).namespace != NS]
    assert not strays, (method, strays)
    return root


def xml_ok(app: ListenTogetherClient, method: str, **params) -> etree._Element:
    root = xml_root(app.raw(method, params, "xml"), method)
    assert root.get("status") == "ok", (method, etree.tostring(root)[:500])
    return root


def xml_error(app: ListenTogetherClient, method: str, **params) -> tuple[int, str]:
    root = xml_root(app.raw(method, params, "xml"), method)
    assert root.get("status") == "failed", (method, etree.tostring(root)[:500])
    error = root.find(f"{{{NS}}}error")
    return int(error.get("code")), error.get("message") or ""


def one(root: etree._Element, name: str) -> etree._Element:
    found = root.findall(f"{{{NS}}}{name}")
    assert len(found) == 1, (name, [el.tag for el in root])
    return found[0]


def test_every_answer_in_xml_is_well_formed_and_in_subsonics_namespace(people):
    owner, ann = people("ltxowner", "Owner's app"), people("ltxann", "Ann's app")
    room = room_of(owner)
    room_id = room["id"]
    owner.app.join(room_id)

    joined = one(xml_ok(ann.app, "joinRoom", id=room_id), "room")
    assert joined.get("id") == room_id and int(joined.get("seq")) > 0
    entries = joined.findall(f"{{{NS}}}entry")
    assert [e.get("id") for e in entries] == room["trackIds"]
    names = [el.get("name") for el in joined.findall(f"{{{NS}}}listener")]
    assert sorted(names) == sorted([owner.username, ann.username]), etree.tostring(joined)[:1000]

    rooms = one(xml_ok(ann.app, "getRooms"), "rooms")
    card = [r for r in rooms.findall(f"{{{NS}}}room") if r.get("id") == room_id]
    assert len(card) == 1
    card = card[0]
    assert int(card.get("listenerCount")) == 2 and card.get("isPrivate") == "false"
    # "In XML each listener is an element holding a name, and nowPlaying a Child element."
    assert sorted(el.text for el in card.findall(f"{{{NS}}}listener")) == sorted([owner.username, ann.username])
    now_playing = one(card, "nowPlaying")
    assert now_playing.get("id") in room["trackIds"] and now_playing.get("title")

    state = one(xml_ok(ann.app, "getRoom", id=room_id), "room")
    for attribute in ("seq", "serverTime", "positionMs", "currentIndex", "paused", "playbackMode", "listenerCount"):
        assert state.get(attribute) is not None, (attribute, etree.tostring(state)[:600])
    seq = int(state.get("seq"))
    update = one(xml_ok(ann.app, "getRoomUpdate", id=room_id, seq=seq - 1, timeout=1), "room")
    assert int(update.get("seq")) >= seq

    sent = int(clock_ms())
    server_time = one(xml_ok(ann.app, "getServerTime", clientTime=sent), "serverTime")
    assert int(server_time.get("clientTime")) == sent and int(server_time.get("time")) > 0

    paused = one(xml_ok(owner.app, "controlRoom", id=room_id, action="pause"), "room")
    assert paused.get("paused") == "true"
    sought = one(xml_ok(owner.app, "controlRoom", id=room_id, action="seek", positionMs=4000), "room")
    assert sought.get("positionMs") == "4000"
    queued = one(xml_ok(owner.app, "updateRoomQueue", id=room_id, songIdToAdd=room["trackIds"][0]), "room")
    assert len(queued.findall(f"{{{NS}}}entry")) == len(room["trackIds"]) + 1
    assert one(xml_ok(ann.app, "voteSkipRoom", id=room_id), "voteSkip").get("skipped") == "false"

    owner.api.patch(f"/api/channels/{room_id}", {"controlMode": "owner"})
    code, message = xml_error(ann.app, "controlRoom", id=room_id, action="play")
    assert code == 50 and message
    code, _ = xml_error(ann.app, "getRoom", id="no-such-room")
    assert code == 70
    left = xml_ok(ann.app, "leaveRoom", id=room_id)
    assert len(left) == 0, etree.tostring(left)
