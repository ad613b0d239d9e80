"""bench/catalog: writes a generated library of COUNT tagged MP3s (ID3v2.4) under ROOT, and the
search queries to bench with under QUERIES. Every file is the same 0.2 s of MP3 audio (AUDIO, made
by lame) behind tags of its own, so every file hashes differently.

Shape: albums of 10 tracks (1 in 10 on two discs), 10 albums per album artist, 1 in 20 albums a
compilation of tracks by other artists, 30 genres, years 1960-2024. Names are drawn from a made-up
vocabulary with a Zipf-like spread (a few words are in thousands of titles, most in a few), some
with accents and Icelandic letters, so searches hit both common and rare words.

Usage: python3 library.py ROOT COUNT AUDIO QUERIES [UNIQUE_QUERIES]
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from tagged_mp3 import Names, id3  # noqa: E402

root, count, audio_path, queries_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
random.seed(14)
audio = open(audio_path, "rb").read()

syllables = ["ka", "lo", "mi", "ra", "su", "te", "no", "vi", "da", "bel", "gor", "tan", "fi", "ul", "ós", "hljóð",
             "þor", "æv", "ré", "zu", "mar", "sol", "ven", "dur", "ash", "ki", "rum", "pel", "qui", "wen", "ho", "bri",
             "ste", "glo", "nu", "ca", "dre", "mo", "pha", "jen"]
vocabulary = sorted({"".join(random.choice(syllables) for _ in range(random.randint(1, 3))) for _ in range(30000)})
random.shuffle(vocabulary)
name = Names(vocabulary)


genres = [name(1) + " " + random.choice(["Rock", "Pop", "Jazz", "Folk", "Core", "Wave"]) for _ in range(30)]
artists = [name(random.randint(1, 3)) for _ in range(max(1, count // 100))]
written = 0
for album_index in range((count + 9) // 10):
    album_artist = artists[album_index // 10 % len(artists)]
    compilation = album_index % 20 == 19
    album = name(random.randint(1, 4))
    year = str(random.randint(1960, 2024))
    genre = random.choice(genres)
    discs = 2 if album_index % 10 == 3 else 1
    folder = os.path.join(root, f"{album_artist[:40]}", f"{album_index:05d} {album[:40]}")
    os.makedirs(folder, exist_ok=True)
    for number in range(10):
        if written == count:
            break
        disc, track = (1 + number // 5, 1 + number % 5) if discs == 2 else (1, number + 1)
        title = name(random.randint(1, 5))
        artist = random.choice(artists) if compilation else album_artist
        frames = [("TIT2", title), ("TPE1", artist), ("TALB", album), ("TRCK", f"{track}/{10 // discs}"),
                  ("TPOS", f"{disc}/{discs}"), ("TDRC", year), ("TCON", genre)]
        frames.append(("TCMP", "1") if compilation else ("TPE2", album_artist))
        with open(os.path.join(folder, f"{disc}-{track:02d}.mp3"), "wb") as out:
            out.write(id3(frames) + audio)
        written += 1

# Queries as people type them: whole words and prefixes of 3+ letters of names in the library,
# folded or not, one to three words; 2,000 that repeat (QUERIES), and 50,000 others, none twice
# (UNIQUE_QUERIES), so that no answer was read before.
common = vocabulary[:2000]


def query():
    words = random.choices(common, k=random.choice([1, 1, 2, 3]))
    words[-1] = words[-1][: random.randint(min(3, len(words[-1])), len(words[-1]))]
    text = " ".join(words)
    if random.random() < 0.5:
        text = text.translate(str.maketrans({"ó": "o", "é": "e", "æ": "ae", "þ": "th", "ð": "d"}))
    return text


with open(queries_path, "w") as out:
    for _ in range(2000):
        out.write(query() + "\n")
if len(sys.argv) > 5:
    unique = set()
    while len(unique) < 50000:
        unique.add(query())
    with open(sys.argv[5], "w") as out:
        out.writelines(text + "\n" for text in sorted(unique, key=lambda _: random.random()))
print(f"wrote {written} tracks in {(count + 9) // 10} albums by {len(artists)} album artists")
