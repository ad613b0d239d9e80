// Downloads for offline as data: what each holds, what they pin in the cache, what the cache may
// let go (download-plan.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bookDownload, downloadProgress, episodeDownload, evictions, missingItems, pinnedBytes, pinnedKeys, tracksDownload,
} from "../../Web/js/download-plan.js";

const track = (id, extra = {}) => ({ id, title: `Track ${id}`, artist: "Ann", album: "Album", duration: 60, ...extra });

test("an album's download holds its tracks by ID, leaving out the ones the server lost", () => {
  const download = tracksDownload("album", "al1", "Album", "Ann", [track("t1"), track("t2", { available: false }), track("t3")], 5);
  assert.equal(download.key, "album:al1");
  assert.deepEqual(download.items.map((item) => item.key), ["t1", "t3"]);
  assert.equal(download.items[0].url, "/api/tracks/t1");
  assert.equal(download.addedAt, 5);
});

test("a book's files and a kept episode are items by their address; an episode the server has not kept is none", () => {
  const book = bookDownload({ id: "b1", title: "Book", author: "Bea", files: [{ duration: 10 }, { duration: 20 }] });
  assert.deepEqual(book.items.map((item) => item.key), ["file:/api/books/b1/files/0", "file:/api/books/b1/files/1"]);
  assert.match(book.items[1].title, /part 2 of 2/);
  const podcast = { title: "Cast", author: "Cy" };
  assert.equal(episodeDownload(podcast, { url: "https://feeds.example/e1.mp3", title: "E1" }), null);
  const kept = episodeDownload(podcast, { url: "https://feeds.example/e1.mp3", title: "E1", streamUrl: "/api/tracks/ep1" });
  assert.equal(kept.key, "episode:https://feeds.example/e1.mp3");
  assert.deepEqual(kept.items.map((item) => item.key), ["file:/api/tracks/ep1"]);
});

test("what downloads hold is pinned once, and progress counts what is kept", () => {
  const album = tracksDownload("album", "a", "A", "", [track("t1"), track("t2")]);
  const playlist = tracksDownload("playlist", "p", "P", "", [track("t2"), track("t3")]);
  const pinned = pinnedKeys([album, playlist]);
  assert.deepEqual([...pinned].sort(), ["t1", "t2", "t3"]);
  assert.deepEqual(missingItems(playlist, new Set(["t2"])).map((item) => item.key), ["t3"]);
  assert.deepEqual(downloadProgress(playlist, new Map([["t2", 100]])), { items: 2, kept: 1, bytes: 100 });
  const entries = [{ id: "t1", size: 10 }, { id: "t2", size: 20 }, { id: "x", size: 40 }];
  assert.equal(pinnedBytes(entries, pinned), 30);
});

test("the cache lets go of played tracks least recently used first, never a download's nor the one just kept", () => {
  const entries = [
    { id: "old", size: 100, lastUsed: 1 },
    { id: "saved", size: 500, lastUsed: 0 },
    { id: "new", size: 100, lastUsed: 3 },
    { id: "mid", size: 100, lastUsed: 2 },
  ];
  const pinned = new Set(["saved"]);
  // The download's 500 bytes do not count: 300 played bytes against a 150 limit.
  assert.deepEqual(evictions(entries, pinned, 150), ["old", "mid"]);
  assert.deepEqual(evictions(entries, pinned, 150, "old"), ["mid", "new"]);
  assert.deepEqual(evictions(entries, pinned, 1000), []);
});
