#!/usr/bin/env python3
"""bench/subsonic: a library of COUNT tagged MP3s under ROOT, and the search words to bench with.

Every file is the same second of mono MP3 (AUDIO, made once by ffmpeg) behind an ID3v2.4 tag of
its own (title, artist, album artist, album, track n/10, year, genre), so each file differs and
both servers read real tags from real MP3 frames. Shape: albums of 10 tracks, 5 albums to an
artist (10,000 tracks: 1,000 albums by 200 artists), 20 genres, years 1960-2024, laid out as
`Artist/Year - Album/NN Title.mp3`.

Each artist's name starts with a made-up word of its own that occurs nowhere else in the library
(checked below), so searching for it finds that artist and what Blastoise reaches through the
artist: a query that hits a few results. QUERIES gets those words, one a line, shuffled.

Usage: python3 library.py ROOT COUNT AUDIO QUERIES
"""

import os
import random
import sys
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tagged_mp3 import Names, id3  # noqa: E402

root, count, audio_path, queries_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
random.seed(20)
audio = open(audio_path, "rb").read()

# Titles and albums are words of two-letter syllables (a few with accents); each artist's own word
# is three syllables of three letters with a "z", "x" or "q" in each, which no title syllable has.
title_syllables = ["ka", "lo", "mi", "ra", "su", "te", "no", "vi", "da", "be", "go", "ta", "fi", "ul", "ós",
                   "ré", "mo", "ne", "pa", "si", "du", "ho", "bri", "ste", "glo", "nu", "ca", "dre", "pha", "jen"]
artist_syllables = ["zor", "vex", "qua", "zim", "xal", "qen", "zub", "xor", "qil", "zen", "xim", "qor", "zal",
                    "xen", "quo", "zig", "xun", "qat"]
vocabulary = sorted({"".join(random.choice(title_syllables) for _ in range(random.randint(1, 3)))
                     for _ in range(8000)})
random.shuffle(vocabulary)
name = Names(vocabulary)


def folded(text):
    """How Blastoise keys names: case and accents ignored."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def safe(text):
    return text.replace("/", "-")[:60]


albums = (count + 9) // 10
artist_count = max(1, (albums + 4) // 5)
own_words = set()
while len(own_words) < artist_count:
    own_words.add("".join(random.sample(artist_syllables, 3)).capitalize())
own_words = sorted(own_words)
random.shuffle(own_words)
artists = [f"{word} {name(1)}" for word in own_words]
genres = sorted({name(1) + " " + kind for kind in ["Rock", "Pop", "Jazz", "Folk", "Core"] for _ in range(4)})
album_names = set()  # each album's name its own, so that no two albums are taken for one

written = 0
texts = []  # every album and title, to check that no artist's word is in one
for album_index in range(albums):
    artist = artists[album_index // 5]
    album = name(random.randint(1, 3))
    while folded(album) in album_names:
        album = name(random.randint(1, 3))
    album_names.add(folded(album))
    year = str(random.randint(1960, 2024))
    genre = genres[album_index % len(genres)]
    folder = os.path.join(root, safe(artist), f"{year} - {safe(album)}")
    os.makedirs(folder, exist_ok=True)
    texts.append(album)
    for number in range(1, 11):
        if written == count:
            break
        title = name(random.randint(1, 4))
        texts.append(title)
        frames = [("TIT2", title), ("TPE1", artist), ("TPE2", artist), ("TALB", album),
                  ("TRCK", f"{number}/10"), ("TDRC", year), ("TCON", genre)]
        with open(os.path.join(folder, f"{number:02d} {safe(title)}.mp3"), "wb") as out:
            out.write(id3(frames) + audio)
        written += 1

everything = "\n".join(texts + genres).lower()
clashes = [word for word in own_words if word.lower() in everything]
assert not clashes, f"artist words found in titles: {clashes[:5]}"
queries = own_words[:]
random.shuffle(queries)
with open(queries_path, "w") as out:
    out.writelines(word + "\n" for word in queries)
print(f"wrote {written} tracks in {albums} albums by {artist_count} artists")
