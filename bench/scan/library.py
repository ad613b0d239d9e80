#!/usr/bin/env python3
"""bench/scan: a realistic library of N files (default 2,000) for the first-scan target of issue 14.

A third each MP3 (320 kbps, lame), FLAC (sox) and M4A (ALAC, ffmpeg), 3-6 MB each, ten tracks
to an album; two albums in three embed their own ~500 KB JPEG cover (ffmpeg `attached_pic`:
ID3 APIC, FLAC PICTURE, MP4 covr). Encoding 2,000 files would take an hour, so each format is
encoded once from white noise (a pool a few minutes long, two seeds) and every MP3 and M4A is cut
from a pool at a random packet boundary with `ffmpeg -c copy`, with its own tags (each FLAC is
encoded from the noise, which is fast): the audio is real and decodable, and no two files have
the same bytes.

Usage: library.py ROOT COUNT WORKDIR
"""
import concurrent.futures
import os
import random
import subprocess
import sys

root, count, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
random.seed(14)
MB = 1_000_000


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def ffmpeg(*args):
    run("ffmpeg", "-nostdin", "-v", "error", "-y", *args)


# Pools: (path, seconds), two per format so neighbouring files come from different noise.
pools = {"mp3": [], "flac": [], "m4a": []}
for seed in (1, 2):
    wav = os.path.join(work, f"noise{seed}.wav")
    run("sox", "-V1", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "200", "whitenoise",
        "vol", "0.7")
    mp3 = os.path.join(work, f"pool{seed}.mp3")
    run("lame", "--quiet", "-b", "320", wav, mp3)
    pools["mp3"].append((mp3, 200.0, os.path.getsize(mp3) / 200))
    # FLAC cut with -c copy keeps the whole pool's STREAMINFO (TagLib calls it truncated), so
    # each FLAC is encoded from the noise (fast at level 0); its rate is measured on 10 s.
    sample = os.path.join(work, f"sample{seed}.flac")
    ffmpeg("-t", "10", "-i", wav, "-compression_level", "0", sample)
    pools["flac"].append((wav, 200.0, os.path.getsize(sample) / 10))
    m4a = os.path.join(work, f"pool{seed}.m4a")
    ffmpeg("-t", "90", "-i", wav, "-c:a", "alac", m4a)
    pools["m4a"].append((m4a, 90.0, os.path.getsize(m4a) / 90))

albums = (count + 9) // 10
covers = {}
for album in range(albums):
    if album % 3 == 2:
        continue
    path = os.path.join(work, f"cover{album:04d}.jpg")
    # 1100x1100 grey noise at -q:v 3 is about 500 KB; the noise differs per album.
    ffmpeg("-f", "lavfi", "-i",
           f"color=c=0x{random.randrange(1 << 24):06x}:s=1100x1100,noise=alls=40:allf=t+u:all_seed={album},"
           "format=yuvj420p", "-frames:v", "1", "-q:v", "3", path)
    covers[album] = path


def make(index):
    kind = ("mp3", "flac", "m4a")[index % 3]
    album = index // 10
    rng = random.Random(index)
    pool, seconds, rate = pools[kind][rng.randrange(2)]
    length = rng.uniform(3 * MB, 6 * MB) / rate
    start = rng.uniform(0, seconds - length - 1)
    folder = os.path.join(root, f"Artist {album % 40:02d}", f"Album {album:04d}")
    os.makedirs(folder, exist_ok=True)
    out = os.path.join(folder, f"{index % 10 + 1:02d} Track {index:05d}.{kind}")
    args = ["-ss", f"{start:.3f}", "-t", f"{length:.3f}", "-i", pool]
    if album in covers:
        args += ["-i", covers[album], "-map", "0:a", "-map", "1:v", "-disposition:v:0", "attached_pic"]
    args += ["-c", "copy"] + (["-c:a", "flac", "-compression_level", "0"] if kind == "flac" else [])
    args += ["-metadata", f"title=Track {index:05d}", "-metadata", f"artist=Artist {album % 40:02d}",
             "-metadata", f"album=Album {album:04d}", "-metadata", f"track={index % 10 + 1}/10",
             "-metadata", f"date={1970 + album % 50}", "-metadata", "genre=Noise"]
    if kind == "mp3":
        args += ["-id3v2_version", "3"]
    ffmpeg(*args, out)


with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    list(pool.map(make, range(count)))
