"""Shared by the benchmarks that generate tagged libraries (bench/catalog, bench/subsonic): names
drawn from a made-up vocabulary with a Zipf-like spread, and ID3v2.4 tags of UTF-8 text frames
to put in front of the same MP3 audio."""

import random


class Names:
    """Names of 1+ words from `vocabulary`, the first words the most common."""

    def __init__(self, vocabulary):
        self.vocabulary = vocabulary
        self.weights = [1 / (rank + 1) ** 0.9 for rank in range(len(vocabulary))]

    def __call__(self, words):
        return " ".join(word.capitalize() for word in random.choices(self.vocabulary, self.weights, k=words))


def syncsafe(size):
    return bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])


def id3(frames):
    """An ID3v2.4 tag of UTF-8 text frames, from (frame ID, text) pairs."""
    body = b"".join(key.encode() + syncsafe(len(data) + 1) + b"\0\0\x03" + data
                    for key, data in ((key, value.encode()) for key, value in frames))
    return b"ID3\x04\x00\x00" + syncsafe(len(body)) + body
