"""Helpers for the Subsonic API tests: raw calls to /rest/<method> (a GET, or a form POST, with an
app password as a token, an API key or a password), a check of an XML reply against the Subsonic
XSD that tolerates exactly the OpenSubsonic additions, and the JSON an XML reply says.

The XSD is Subsonic's 1.16.0 schema ($SUBSONIC_XSD, else subsonic-rest-api-1.16.0.xsd beside
this file, else shared/subsonic/ beside the repository). OpenSubsonic adds
attributes and elements it does not declare; `OPEN_SUBSONIC` lists them as the OpenSubsonic
documentation does (https://opensubsonic.netlify.app/docs/responses/), with their types, so that
`validate` removes exactly those before `assertValid` and `xml_to_json` can type them."""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import urllib.error
import urllib.parse
import urllib.request
from copy import deepcopy
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lxml import etree

from helpers import GUARD

_BESIDE = Path(__file__).with_name("subsonic-rest-api-1.16.0.xsd")
# shared/ lies beside the repository (as on the developers' machines and in CI).
_SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "subsonic" / "subsonic-rest-api-1.16.0.xsd"
XSD = Path(os.environ.get("SUBSONIC_XSD") or (_BESIDE if _BESIDE.exists() else _SHARED))
NS = "http://subsonic.org/restapi"
XS = "{http://www.w3.org/2001/XMLSchema}"
API_VERSION = "1.16.1"
CLIENT = "blastoise-e2e"


# ---------------------------------------------------------------- who asks


@dataclass
class Caller:
    """Credentials as a Subsonic client sends them with every request: a token and salt made
    from an app password (`u`, `t`, `s`), an API key alone (`apiKey`), or a password (`u`, `p`,
    plain or `enc:` and hex). `extra` are pairs sent as well (to mix mechanisms on purpose)."""

    username: str | None = None
    secret: str | None = None
    api_key: str | None = None
    password: str | None = None
    hex_password: bool = True
    extra: list[tuple[str, str]] = field(default_factory=list)

    def pairs(self) -> list[tuple[str, str]]:
        pairs: list[tuple[str, str]] = []
        if self.api_key is not None:
            pairs.append(("apiKey", self.api_key))
        if self.username is not None:
            pairs.append(("u", self.username))
        if self.secret is not None:
            salt = secrets.token_hex(6)
            pairs += [("t", token(self.secret, salt)), ("s", salt)]
        if self.password is not None:
            pairs.append(("p", "enc:" + self.password.encode().hex() if self.hex_password else self.password))
        return pairs + list(self.extra)


def token(secret: str, salt: str) -> str:
    return hashlib.md5((secret + salt).encode()).hexdigest()


NOBODY = Caller()


# ---------------------------------------------------------------- raw calls


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")

    def xml(self) -> etree._Element:
        return etree.fromstring(self.body)

    def json(self) -> dict:
        document = json.loads(self.body)
        assert list(document) == ["subsonic-response"], list(document)
        return document["subsonic-response"]


def call(base: str, method: str, params=(), *, caller: Caller = NOBODY, f: str | None = None, post: bool = False,
         view: bool = False, headers: dict[str, str] | None = None) -> Reply:
    """One request to /rest/<method> (or <method>.view) with the caller's credentials, `v`, `c`
    and `f`; params is a dict or a list of pairs (a key may repeat). With post, every parameter
    goes in an application/x-www-form-urlencoded body (OpenSubsonic's formPost)."""
    pairs = list(params.items()) if isinstance(params, dict) else list(params)
    pairs = caller.pairs() + [("v", API_VERSION), ("c", CLIENT)] + ([("f", f)] if f else []) + pairs
    encoded = urllib.parse.urlencode(pairs)
    url = f"{base}/rest/{method}{'.view' if view else ''}"
    if post:
        request = urllib.request.Request(url, data=encoded.encode(), method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
    else:
        request = urllib.request.Request(f"{url}?{encoded}", method="GET")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=GUARD) as response:
            return Reply(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())


def ok(reply: Reply) -> etree._Element:
    """The XML envelope of a successful answer (HTTP 200, status ok), checked against the XSD."""
    assert reply.status == 200, (reply.status, reply.body[:500])
    root = reply.xml()
    assert root.get("status") == "ok", reply.body[:1000]
    validate(reply.body)
    return root


def failure(reply: Reply) -> tuple[int, str]:
    """The error code and message of a failed answer (XML or JSON), which comes on HTTP 200."""
    assert reply.status == 200, (reply.status, reply.body[:500])
    if reply.body.lstrip().startswith(b"{"):
        envelope = reply.json()
        assert envelope["status"] == "failed", envelope
        return int(envelope["error"]["code"]), envelope["error"].get("message", "")
    root = reply.xml()
    assert root.get("status") == "failed", reply.body[:1000]
    validate(reply.body)
    error = root.find(q("error"))
    return int(error.get("code")), error.get("message", "")


def outcome(reply: Reply) -> int | str:
    """What an answer amounts to, for tables of expectations: its error code, "ok", or the HTTP
    status when it is not an answer on HTTP 200."""
    if reply.status != 200:
        return f"HTTP {reply.status}"
    envelope = reply.json() if reply.body.lstrip().startswith(b"{") else xml_to_json(reply.body)
    return "ok" if envelope["status"] == "ok" else int(envelope["error"]["code"])


def q(name: str) -> str:
    """An element name in the Subsonic namespace, for find and iter."""
    return f"{{{NS}}}{name}"


def ids(root: etree._Element, name: str) -> list[str]:
    """The ids of every `name` element in the reply, in document order."""
    return [element.get("id") for element in root.iter(q(name))]


# ---------------------------------------------------------------- the OpenSubsonic additions

_S, _I, _B, _D = "xs:string", "xs:int", "xs:boolean", "xs:double"

# Per XSD type (and the types that extend it): the attributes and child elements OpenSubsonic adds
# that the 1.16.0 XSD does not declare, as the OpenSubsonic documentation lists them. An element is
# (its type, whether it repeats: a JSON array). "os:" types are OpenSubsonic's own (OS_TYPES).
OPEN_SUBSONIC: dict[str, tuple[dict[str, str], dict[str, tuple[str, bool]]]] = {
    # getPlayQueueByIndex's playQueueByIndex, and getPodcastEpisode's podcastEpisode (a
    # PodcastEpisode the XSD has no element for): validate also checks both as their XSD
    # equivalents (XSD_EQUIVALENTS).
    "Response": ({"openSubsonic": _B, "type": _S, "serverVersion": _S},
                 {"openSubsonicExtensions": ("os:OpenSubsonicExtension", True),
                  "lyricsList": ("os:LyricsList", False), "tokenInfo": ("os:TokenInfo", False),
                  "playQueueByIndex": ("os:PlayQueueByIndex", False),
                  "podcastEpisode": ("sub:PodcastEpisode", False)}),
    "Error": ({"helpUrl": _S}, {}),
    "Child": ({"bitDepth": _I, "samplingRate": _I, "channelCount": _I, "mediaType": _S, "played": _S, "bpm": _I,
               "comment": _S, "sortName": _S, "musicBrainzId": _S, "displayArtist": _S, "displayAlbumArtist": _S,
               "displayComposer": _S, "explicitStatus": _S},
              {"isrc": (_S, True), "genres": ("os:ItemGenre", True), "artists": ("sub:ArtistID3", True),
               "albumArtists": ("sub:ArtistID3", True), "contributors": ("os:Contributor", True),
               "moods": (_S, True), "replayGain": ("os:ReplayGain", False), "works": ("os:Work", True),
               "movements": ("os:Movement", True), "groupings": (_S, True)}),
    "NowPlayingEntry": ({"state": _S, "positionMs": _I, "playbackRate": _D}, {}),
    "AlbumID3": ({"version": _S, "played": _S, "userRating": _I, "musicBrainzId": _S, "displayArtist": _S,
                  "sortName": _S, "isCompilation": _B, "explicitStatus": _S},
                 {"recordLabels": ("os:RecordLabel", True), "genres": ("os:ItemGenre", True),
                  "artists": ("sub:ArtistID3", True), "releaseTypes": (_S, True), "moods": (_S, True),
                  "originalReleaseDate": ("os:ItemDate", False), "releaseDate": ("os:ItemDate", False),
                  "discTitles": ("os:DiscTitle", True)}),
    # artistImageUrl is Subsonic 1.16.1's (this XSD is 1.16.0's); OpenSubsonic documents it.
    "ArtistID3": ({"musicBrainzId": _S, "sortName": _S, "disambiguation": _S, "artistImageUrl": _S},
                  {"roles": (_S, True)}),
    "Artist": ({"artistImageUrl": _S}, {}),
    "Playlist": ({"readonly": _B, "validUntil": _S}, {}),
    "InternetRadioStation": ({"coverArt": _S}, {}),
    # Not an addition but OpenSubsonic's errata: the 1.16.0 XSD types PlayQueue's `current` as
    # xs:int, yet it is the ID of a song, and song IDs are strings (ours are "sha256:…");
    # OpenSubsonic documents it as a string (https://opensubsonic.netlify.app/docs/responses/playqueue/,
    # "In the original spec, `current` is required to be an `int`. However, as `child` ids are
    # strings, this is updated to note that the id should be a string"). So it is tolerated as
    # a string exactly there: taken out before the XSD check, and a string in JSON.
    "PlayQueue": ({"current": _S}, {}),
}

# OpenSubsonic's own types (elements the XSD has no type for): attributes, elements, text.
OS_TYPES: dict[str, dict] = {
    "ItemGenre": {"attrs": {"name": _S}},
    "RecordLabel": {"attrs": {"name": _S}},
    "ItemDate": {"attrs": {"year": _I, "month": _I, "day": _I}},
    "DiscTitle": {"attrs": {"disc": _I, "title": _S, "coverArt": _S}},
    "ReplayGain": {"attrs": {name: _D for name in ("trackGain", "albumGain", "trackPeak", "albumPeak", "baseGain",
                                                   "fallbackGain")}},
    "Contributor": {"attrs": {"role": _S, "subRole": _S}, "elements": {"artist": ("sub:ArtistID3", False)}},
    "Work": {"attrs": {"name": _S, "musicBrainzId": _S}},
    "Movement": {"attrs": {"name": _S, "number": _I, "count": _I}},
    "OpenSubsonicExtension": {"attrs": {"name": _S}, "elements": {"versions": (_I, True)}},
    "TokenInfo": {"attrs": {"username": _S}},
    "LyricsList": {"elements": {"structuredLyrics": ("os:StructuredLyrics", True)}},
    "StructuredLyrics": {"attrs": {"lang": _S, "synced": _B, "displayArtist": _S, "displayTitle": _S, "offset": _D,
                                   "kind": _S},
                         "elements": {"line": ("os:Line", True)}},
    "Line": {"attrs": {"start": _D}, "text": True},
    # indexBasedQueue's answer: a PlayQueue with the 0-based currentIndex for current
    # (https://opensubsonic.netlify.app/docs/responses/playqueuebyindex/).
    "PlayQueueByIndex": {"attrs": {"currentIndex": _I, "position": "xs:long", "username": _S, "changed": _S,
                                   "changedBy": _S},
                         "elements": {"entry": ("sub:Child", True)}},
}


def _as_episode(element: etree._Element) -> etree._Element:
    holder = etree.Element(f"{{{NS}}}newestPodcasts")
    episode = etree.SubElement(holder, f"{{{NS}}}episode", dict(element.attrib))
    episode.extend(deepcopy(child) for child in element)
    return holder


def _as_play_queue(element: etree._Element) -> etree._Element:
    queue = etree.Element(f"{{{NS}}}playQueue", {k: v for k, v in element.attrib.items() if k != "currentIndex"})
    queue.extend(deepcopy(child) for child in element)
    return queue


# OpenSubsonic answers the XSD has no element for, though what they hold is of the XSD's types:
# each is also checked by the XSD as the element of the XSD that holds the same (a podcast
# episode as newestPodcasts' episode; a queue by index as a playQueue, less its currentIndex), so
# that their required attributes, enumerations and songs are checked too.
XSD_EQUIVALENTS = {"podcastEpisode": _as_episode, "playQueueByIndex": _as_play_queue}


# ---------------------------------------------------------------- the XSD as types


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    assert XSD.exists(), f"the Subsonic XSD is not at {XSD}: set SUBSONIC_XSD"
    return etree.XMLSchema(etree.parse(str(XSD)))


@lru_cache(maxsize=1)
def xsd_types() -> dict[str, dict]:
    """Each complexType of the XSD: its attributes and elements (with their types and whether
    they repeat), its base type and whether it has text; simple types resolved to xs: types."""
    document = etree.parse(str(XSD)).getroot()
    simple = {node.get("name"): node.find(f"{XS}restriction").get("base")
              for node in document.iter(f"{XS}simpleType")}

    def resolve(name: str) -> str:
        while name.startswith("sub:") and name[4:] in simple:
            name = simple[name[4:]]
        return name

    types = {}
    for node in document.iter(f"{XS}complexType"):
        extension = node.find(f"{XS}complexContent/{XS}extension")
        types[node.get("name")] = {
            "attrs": {a.get("name"): resolve(a.get("type")) for a in node.iter(f"{XS}attribute")},
            "elements": {e.get("name"): (resolve(e.get("type")), e.get("maxOccurs") == "unbounded")
                         for e in node.iter(f"{XS}element")},
            "base": extension.get("base")[4:] if extension is not None else None,
            "text": node.get("mixed") == "true",
        }
    return types


def _lineage(type_name: str) -> list[str]:
    lineage = []
    while type_name:
        lineage.append(type_name)
        type_name = xsd_types()[type_name]["base"]
    return lineage


def describe(type_ref: str) -> dict:
    """What an element of type `type_ref` (`sub:Child`, `os:ItemGenre`, `xs:int`) may hold:
    attributes and elements by name with their types (the XSD's and OpenSubsonic's), whether
    it has text, and which of them are OpenSubsonic's additions."""
    if type_ref.startswith("os:"):
        own = OS_TYPES[type_ref[3:]]
        return {"attrs": own.get("attrs", {}), "elements": own.get("elements", {}), "text": own.get("text", False),
                "os_attrs": set(), "os_elements": set()}
    name = type_ref.removeprefix("sub:")
    described = {"attrs": {}, "elements": {}, "text": False, "os_attrs": set(), "os_elements": set()}
    for ancestor in reversed(_lineage(name)):
        declared = xsd_types()[ancestor]
        described["attrs"].update(declared["attrs"])
        described["elements"].update(declared["elements"])
        described["text"] |= declared["text"]
        os_attrs, os_elements = OPEN_SUBSONIC.get(ancestor, ({}, {}))
        described["attrs"].update(os_attrs)
        described["elements"].update(os_elements)
        described["os_attrs"] |= set(os_attrs)
        described["os_elements"] |= set(os_elements)
    return described


def _local(element: etree._Element) -> str:
    return etree.QName(element).localname


# ---------------------------------------------------------------- validation


def without_open_subsonic(xml_bytes: bytes) -> etree._Element:
    """The reply with exactly the OpenSubsonic additions removed, by each element's XSD type
    (so `genres` goes from a song but stays the answer of getGenres)."""
    root = etree.fromstring(xml_bytes)

    def strip(element: etree._Element, type_ref: str) -> None:
        if not type_ref.startswith("sub:"):
            return
        described = describe(type_ref)
        for name in list(element.attrib):
            if name in described["os_attrs"]:
                del element.attrib[name]
        for child in list(element):
            if not isinstance(child.tag, str):
                continue
            name = _local(child)
            if name in described["os_elements"] and child.tag == f"{{{NS}}}{name}":
                element.remove(child)
            elif name in described["elements"]:
                strip(child, described["elements"][name][0])

    assert root.tag == f"{{{NS}}}subsonic-response", root.tag
    strip(root, "sub:Response")
    return root


def validate(xml_bytes: bytes) -> None:
    """Asserts the XML reply is valid by the Subsonic XSD once the OpenSubsonic additions are
    removed (for an OpenSubsonic-only answer such as getOpenSubsonicExtensions or
    getLyricsBySongId, that leaves the envelope, which is what is checked then); an OpenSubsonic
    answer made of the XSD's types (XSD_EQUIVALENTS) is checked as its XSD equivalent too."""
    stripped = without_open_subsonic(xml_bytes)
    try:
        schema().assertValid(stripped)
    except etree.DocumentInvalid as error:
        raise AssertionError(f"not valid by the Subsonic XSD: {error}\n{xml_bytes[:3000].decode(errors='replace')}") \
            from None
    root = etree.fromstring(xml_bytes)
    for element in root:
        if isinstance(element.tag, str) and element.tag.startswith(f"{{{NS}}}") \
                and _local(element) in XSD_EQUIVALENTS:
            envelope = etree.Element(root.tag, dict(root.attrib))
            envelope.append(XSD_EQUIVALENTS[_local(element)](element))
            validate(etree.tostring(envelope))


# ---------------------------------------------------------------- XML as JSON


def _typed(text: str, xs_type: str):
    if xs_type in ("xs:int", "xs:long"):
        return int(text)
    if xs_type in ("xs:double", "xs:float"):
        return float(text)
    if xs_type == "xs:boolean":
        assert text in ("true", "false", "1", "0"), f"not an xs:boolean: {text!r}"
        return text in ("true", "1")
    return text


def xml_to_json(xml_bytes: bytes) -> dict:
    """What the JSON form of the XML reply is, as Subsonic and OpenSubsonic servers write it:
    attributes as keys with typed values (by the XSD and the OpenSubsonic documentation), an
    element that may repeat as an array, text as `value` (or the value itself for an element
    with no attributes, such as `folder` or `moods`). The namespace is not part of JSON."""
    root = etree.fromstring(xml_bytes)

    def convert(element: etree._Element, type_ref: str):
        if not type_ref.startswith(("sub:", "os:")):
            return _typed(element.text or "", type_ref)
        described = describe(type_ref)
        result = {}
        for name, value in element.attrib.items():
            assert name in described["attrs"], f"<{_local(element)}> has an undeclared attribute {name!r}"
            result[name] = _typed(value, described["attrs"][name])
        if described["text"] and element.text is not None:
            result["value"] = element.text
        for child in element:
            if not isinstance(child.tag, str):
                continue
            name = _local(child)
            assert name in described["elements"], f"<{_local(element)}> has an undeclared element <{name}>"
            child_type, repeats = described["elements"][name]
            value = convert(child, child_type)
            if repeats:
                result.setdefault(name, []).append(value)
            else:
                assert name not in result, f"<{name}> twice in <{_local(element)}>"
                result[name] = value
        return result

    return convert(root, "sub:Response")


def comparable(value, *, unordered: frozenset = frozenset(), volatile: frozenset = frozenset(), key: str = ""):
    """A JSON value as comparable: empty arrays dropped (XML cannot tell an empty list from none),
    the arrays named in `unordered` sorted by id (random answers), keys in `volatile` dropped."""
    if isinstance(value, dict):
        return {k: comparable(v, unordered=unordered, volatile=volatile, key=k) for k, v in value.items()
                if k not in volatile and v != []}
    if isinstance(value, list):
        items = [comparable(v, unordered=unordered, volatile=volatile, key=key) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True)) if key in unordered else items
    return value
