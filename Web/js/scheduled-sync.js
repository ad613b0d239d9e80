// A room on Web Audio: its track decoded (a piece at a time, track-audio.js) and started at the
// context time at which the room's position will be heard (output-timeline.js), instead of an
// <audio> element nudged after it.
//
// Every tick (sync.js) reads the context's output stamp and compares where the playing source is
// being heard with where the room is at that instant:
//   - no source, or one off by more than RESCHEDULE (a seek, a resume, a stall) → start the track
//     again in its place, a moment ahead (START_LEAD), fading over 4 ms;
//   - otherwise the least-squares trend of the drift sets the source's rate (RateTrim: a PI loop
//     within ±0.3 %, resampled, so it never steps the sound; it learns how fast this context's
//     clock runs, so it holds the sound on the room's time, not a fixed error beside it).
// No trim while a piece's source waits to start on the sample where the one before ends: its
// start is fixed. The next track of the queue is decoded ahead and started on the sample the
// current one ends (gapless); no trims in the last seconds, so that boundary stays put. When the
// room's state then names it, that voice simply becomes the current one.
// Tracks that cannot be decoded here play through the element (sync.js), as does everything
// while the browser has no AudioContext.
import { levelingGain } from "./leveling.js";
import {
  RateTrim, StampLine, TRIM_PARAMS, heardContextTime, roomPositionAt, serverTimeAt, trendAtLast,
} from "./output-timeline.js";
import { prefs } from "./prefs.js";

const START_LEAD = 0.04; // s: a source is started this far ahead of the context's clock
const FOLLOW_AHEAD = 4; // s: the next track is scheduled (and trims stop) this close to the end
const BLOCKED_AFTER_MS = 600; // a context still suspended this long after asking: the browser wants a click
const PACE_SETTLED = 0.0002; // s: a filtered drift within this says the base rate has been learned
const PACE_KEEP_MS = 10_000; // that long settled before the pace is kept, and then at most this often

/** The track the room plays after its current one, when the room's mode says which. */
export function followingTrack(room, queue) {
  if (!room?.track || !Array.isArray(queue) || queue[room.currentIndex]?.id !== room.track.id) return null;
  const index = room.currentIndex;
  switch (room.playbackMode) {
    case "once": return queue[index + 1] ?? null;
    case "repeat-all": return queue[(index + 1) % queue.length];
    case "repeat-one": return queue[index];
    default: return null; // shuffle: the server draws
  }
}

export class ScheduledFollower {
  /** `performanceNow` and `timeOrigin` are the page's clock (performance), given by tests, as is
   *  `pace`: where this device's context pace is kept between visits (prefs). */
  constructor({
    player, clock, upNext, performanceNow = () => performance.now(), timeOrigin = performance.timeOrigin, pace = prefs,
  }) {
    this.player = player;
    this.output = player.output;
    this.clock = clock;
    this.performanceNow = performanceNow;
    this.timeOrigin = timeOrigin;
    this.upNext = upNext; // () → the track that follows, or null
    this.failed = new Set(); // tracks the browser could not decode
    this.samples = [];
    this.pace = pace;
    this.rateTrim = new RateTrim(TRIM_PARAMS, pace.contextPace ?? 1);
    this.paceKeptAt = null; // when the learned pace was last kept
    this.settledSince = null; // since when the sound has held on the room's time
    this.line = new StampLine(); // the output's timeline, read through its stamps' strays
    this.stepsSeen = 0; // the line's steps followed
    this.lastFiltered = null;
    this.starts = 0; // sources started in a new place (joins, seeks, resumes, corrections)
    this.gapless = 0; // track changes made by a source that was already scheduled
    this.askedAt = null; // when the context was asked to run
  }

  /** Whether this path plays the room's state (else the element does). */
  handles(st) {
    if (!this.output || prefs.roomOutput === "element") return false;
    return !st.track || !this.failed.has(st.track.id);
  }

  /** Silence: the room went local, or its track plays through the element. */
  release() {
    this.output?.stop();
    this.resetFilter();
  }

  resetFilter() {
    this.samples = [];
    this.lastFiltered = null;
  }

  /** One look at the room; returns the phase (sync.js's names). */
  tick(st, outputDelay) {
    const phase = this.decide(st, outputDelay);
    this.output.pump();
    return phase;
  }

  decide(st, outputDelay) {
    const output = this.output;
    if (this.player.trackId) this.player.clear(); // the element stays silent meanwhile
    const raw = output.running ? output.stamp() : null;
    // Read while nothing plays too: a room that starts finds the output's line already drawn.
    if (raw?.performanceTime > 0) this.line.add(raw);
    const stepped = this.line.steps !== this.stepsSeen; // the output stepped: follow it at once
    this.stepsSeen = this.line.steps;
    if (!st.track) {
      output.stop();
      return "empty";
    }
    const audio = output.decode(st.track);
    if (audio.error) {
      this.failed.add(st.track.id);
      output.stop();
      return "fallback";
    }
    const next = this.upNext();
    output.keepOnly([st.track.id, next?.id]);
    if (st.paused) {
      output.stop();
      this.resetFilter();
      return "paused";
    }
    if (!audio.pieces) return "loading";
    if (!output.running) return this.askToRun();
    if (!(raw.performanceTime > 0)) return "starting"; // the context has not rendered yet
    const stamp = this.line.stampAt(raw, this.performanceNow());

    const clock = this.clockReading();
    const { heard, target } = this.heardNow(st, stamp, clock, outputDelay);
    if (this.nextIsTheRooms(st, heard, target)) {
      output.promoteNext();
      this.gapless += 1;
      this.resetFilter();
    }
    const voice = output.current?.trackId === st.track.id ? output.current : null;
    const end = audio.duration;
    if (!voice) return this.place(st, audio, stamp, clock, outputDelay);

    const drift = voice.placement.positionAt(heard) - target;
    const limit = stepped ? TRIM_PARAMS.STEP_RESCHEDULE : TRIM_PARAMS.RESCHEDULE;
    if (Math.abs(drift) > limit && target < end - 0.05) {
      return this.place(st, audio, stamp, clock, outputDelay);
    }
    const remaining = voice.end - output.context.currentTime;
    if (remaining < FOLLOW_AHEAD) {
      this.followWith(next);
      return target >= end - 0.05 ? "ending" : "playing";
    }
    // The next track's first piece, well before the end (and ready for a skip to it).
    if (next) this.openNext(st.track.id, next).has(0);
    if (!voice.pending) this.trim(voice, drift);
    return heard < voice.begins ? "starting" : "playing";
  }

  /** Whether the source scheduled next is the room's now: the state names its track, or — the
   *  room repeating one track — the state says that track began again (the next source is then
   *  nearer the room's position than the one ending). */
  nextIsTheRooms(st, heard, target) {
    const { current, next } = this.output;
    if (next?.trackId !== st.track.id) return false;
    if (current?.trackId !== st.track.id) return true;
    return Math.abs(next.placement.positionAt(heard) - target) < Math.abs(current.placement.positionAt(heard) - target);
  }

  /** Starts the track where the room will be a moment from now, once that piece is decoded. */
  place(st, audio, stamp, clock, outputDelay) {
    const context = this.output.context;
    let when = context.currentTime + START_LEAD;
    let from = roomPositionAt(st, serverTimeAt(when, stamp, clock), outputDelay);
    if (from < 0) {
      when -= from; // the room starts later: a jump, made a moment ahead
      from = 0;
    }
    if (from >= audio.duration - 0.05) return "ending";
    if (!audio.has(from)) {
      // Whatever plays is in the wrong place, and would ask for its own pieces meanwhile —
      // unless it is the track the room jumps from: that plays on until the jump.
      const jumpAhead = when > context.currentTime + START_LEAD && this.output.current?.trackId !== st.track.id;
      if (!jumpAhead) this.output.stop();
      return audio.error ? "fallback" : "loading";
    }
    // At the pace this context is known to need (1 until learned), so the start holds on time.
    this.output.start(audio, when, from, levelingGain(st.track, prefs.leveling), this.rateTrim.base);
    this.starts += 1;
    this.resetFilter();
    return "starting";
  }

  /** Schedules the room's next track on the current one's last sample, once its first piece is
   *  decoded and the current one's end is known to the sample. */
  followWith(next) {
    const output = this.output;
    if (!next || output.next?.trackId === next.id || !output.current.audio.endKnown) return;
    const audio = this.openNext(output.current.trackId, next);
    if (!audio.pieces || !audio.has(0)) return;
    output.follow(audio, levelingGain(next, prefs.leveling));
  }

  /** The next track's sound (a course of its own when the track follows itself). */
  openNext(currentId, next) {
    return this.output.decode(next, { again: next.id === currentId });
  }

  trim(voice, drift) {
    const now = this.performanceNow();
    const previous = this.samples.at(-1)?.t;
    this.samples.push({ t: now, d: drift });
    if (this.samples.length > TRIM_PARAMS.FILTER) this.samples.shift();
    if (this.samples.length < 3) return;
    const filtered = trendAtLast(this.samples);
    this.lastFiltered = filtered;
    const rate = this.rateTrim.update(filtered, (now - previous) / 1000);
    this.keepPace(filtered, now);
    const rounded = Math.round(rate * 1e6) / 1e6;
    if (rounded !== voice.placement.rate) voice.setRate(rounded, this.output.context.currentTime + 0.005);
  }

  /** Keeps the learned pace for the next visit, once the sound has held on the room's time for a
   *  while (the base is then the context's, not a start's), at most every PACE_KEEP_MS. */
  keepPace(filtered, now) {
    if (Math.abs(filtered) > PACE_SETTLED) {
      this.settledSince = null;
      return;
    }
    this.settledSince ??= now;
    if (now - this.settledSince < PACE_KEEP_MS || (this.paceKeptAt !== null && now - this.paceKeptAt < PACE_KEEP_MS)) return;
    this.pace.contextPace = Math.round(this.rateTrim.base * 1e7) / 1e7;
    this.paceKeptAt = now;
  }

  /** The context is not running: ask, and say "blocked" when the browser keeps it suspended. */
  askToRun() {
    const now = this.performanceNow();
    if (this.askedAt === null) {
      this.askedAt = now;
      this.output.resume().then(() => {
        this.askedAt = null;
        if (this.output.running) this.player.noteBlocked(false);
        this.output.onSound?.(); // look again at once, not at the next tick
      });
    }
    if (now - this.askedAt > BLOCKED_AFTER_MS) {
      this.player.noteBlocked(true);
      return "blocked";
    }
    return "starting";
  }

  clockReading() {
    return { timeOrigin: this.timeOrigin, offset: this.clock.offset };
  }

  /** The context time being heard now, and where the room is at that instant. */
  heardNow(st, stamp, clock, outputDelay) {
    const heard = heardContextTime(stamp, this.performanceNow());
    return { heard, target: roomPositionAt(st, serverTimeAt(heard, stamp, clock), outputDelay) };
  }

  /** The meter's numbers, read at one instant (null without a source). */
  reading(st, outputDelay) {
    const output = this.output;
    const source = output?.decoded.get(st?.track?.id)?.source ?? null;
    // Paused, the sound is where it will start again: the room's position.
    if (st?.track && st.paused) {
      return { trackId: st.track.id, position: st.currentTimestamp, target: st.currentTimestamp, drift: 0, rate: 1, source };
    }
    const voice = output?.current;
    if (!voice || !output.running || voice.trackId !== st?.track?.id) return null;
    const now = this.performanceNow();
    const { heard, target } = this.heardNow(st, this.line.stampAt(output.stamp(), now), this.clockReading(), outputDelay);
    const position = voice.placement.positionAt(heard);
    return { trackId: voice.trackId, position, target, drift: position - target, rate: voice.placement.rate, source };
  }
}
