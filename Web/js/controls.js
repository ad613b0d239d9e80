// The actions views call: room playback, queue edits, rooms, local preview, playlists, import.
import { api } from "./api.js";
import { cache } from "./cache.js";
import { rememberChannel } from "./prefs.js";
import { formatCount, trackTitle } from "./format.js";
import { bookItem, episodeItem, playingTrack, SpokenPlayback } from "./spoken-playback.js";
import { LocalPlayback } from "./local-playback.js";
import { LocalPlays } from "./plays.js";
import { store } from "./state.js";
import { controlModeReason } from "./room-roles.js";
import { toast, toastError } from "./views/toasts.js";

/** “Title” for one track, "8 tracks" for more. */
export function describe(ids) {
  if (ids.length !== 1) return `${formatCount(ids.length)} tracks`;
  return `“${trackTitle(store.get("tracksById").get(ids[0]) || { id: ids[0] })}”`;
}

/** The positions of `ids` as a run in `queue`: at `start` if they are still there, else the run
 *  nearest to it; null when there is none. */
export function findRun(queue, ids, start) {
  const at = (i) => ids.every((id, k) => queue[i + k] === id);
  if (start >= 0 && at(start)) return ids.map((_, k) => start + k);
  let best = -1;
  for (let i = 0; i + ids.length <= queue.length; i++) {
    if (at(i) && (best < 0 || Math.abs(i - start) < Math.abs(best - start))) best = i;
  }
  return best < 0 ? null : ids.map((_, k) => best + k);
}

/** Resolves on the next queue the room sends (or after a few seconds without one). */
function nextQueue() {
  return new Promise((resolve) => {
    const stop = store.on("queue", () => { stop(); clearTimeout(timer); resolve(); });
    const timer = setTimeout(() => { stop(); resolve(); }, 5000);
  });
}

export function createControls(ctx) {
  const { player, sync } = ctx;
  // Guests keep no plays; people's local plays are reported (rooms count theirs on the server).
  const localPlays = new LocalPlays(player.audio, (trackId) => {
    if (store.get("user")?.isGuest === false) api.reportPlay(trackId).then(() => store.emit("played", trackId), () => {});
  });
  // A book or an episode plays as "local" playback too; what shows as playing is its chapter or
  // part.
  const spoken = new SpokenPlayback(player, {
    onPlaying: (item, index, chapter) => store.set({ playback: { mode: "local", localTrack: playingTrack(item, index, chapter) } }),
    onEnd: () => controls.backToRoom(),
    canSave: () => store.get("user")?.isGuest === false,
  });
  // Tracks played here, not in the room: the one chosen and the rest of its list.
  const local = new LocalPlayback(player, {
    onTrack: (track, upNext) => {
      store.set({ playback: { mode: "local", localTrack: track, upNext } });
      localPlays.start(track.id, track.duration);
    },
  });
  ctx.track(() => local.dispose());
  const room = () => store.get("room");
  const channelId = () => store.get("channelId");
  /** Where "next" goes: right after the playing entry (null when nothing plays). */
  const afterCurrent = () => {
    const st = room();
    const length = store.get("queue").length;
    return st?.track && length ? Math.min(st.currentIndex + 1, length) : null;
  };
  let libraryTimer = 0;
  let prefetchTimer = 0;

  function needs(permission, what) {
    if (!store.can(permission)) {
      toast(store.get("user")?.isGuest ? `Guests cannot ${what}. Sign in first.` : `You may not ${what}.`, "warning");
      return false;
    }
    // The room's control mode may still refuse (the server says so too); local previews are ours.
    if ((permission === "control" || permission === "queue") && !store.isLocal() && room()?.canControl === false) {
      toast(`${controlModeReason(room())} You can vote to skip.`, "warning");
      return false;
    }
    return true;
  }

  function send(message) {
    if (!ctx.socket.send(message)) toast("Not connected to the room — retrying", "warning");
  }

  async function guarded(promise, label) {
    try {
      return await promise;
    } catch (error) {
      if (error?.status === 403) toast(`${label}: not allowed`, "warning");
      else toastError(error, label);
      return null;
    }
  }

  const controls = {
    // ---- playback (the room, or the local preview) ----
    togglePlay() {
      if (store.isLocal()) {
        if (player.audio.paused) player.play(); else player.pause();
        return;
      }
      if (player.blocked) return controls.unblock();
      if (!needs("control", "control playback")) return;
      const st = room();
      if (!st?.track) return;
      send({ action: st.paused ? "unpause" : "pause" });
    },
    seek(seconds) {
      if (store.isLocal()) return player.seek(seconds);
      if (!needs("control", "seek")) return;
      const st = room();
      if (!st?.track) return;
      const duration = st.track.duration || 0;
      send({ action: "seek", timestamp: Math.max(0, Math.min(seconds, Math.max(0, duration - 0.25))) });
    },
    seekBy(delta) {
      const position = store.isLocal() ? player.position : sync.target();
      controls.seek(position + delta);
    },
    jump(index) {
      if (!needs("control", "change the track")) return;
      const length = store.get("queue").length;
      if (index < 0 || (length && index >= length)) return;
      send({ action: "jump", index });
    },
    previous() {
      if (local.active) return local.previous();
      if (store.isLocal()) return player.seek(0);
      const st = room();
      if (!st) return;
      // Like every player: early in a track, go back one; later, restart this one.
      if (sync.target() > 3 || st.currentIndex === 0) controls.seek(0);
      else controls.jump(st.currentIndex - 1);
    },
    voteSkip() {
      send({ action: "voteSkip" });
      toast("Voted to skip", "info");
    },
    /** Sends a chat message to the room; false when the socket is down (the text stays typed). */
    sayInRoom(text) {
      if (ctx.socket.send({ action: "chat", text })) return true;
      toast("Not connected to the room — your message was not sent", "warning");
      return false;
    },
    deleteChatMessage(messageId) {
      send({ action: "chat_delete", messageId });
    },
    /** The owner or an admin takes a person out of the room (the server checks). */
    removeListener(name) {
      send({ action: "remove_listener", name });
    },
    react(emoji) {
      send({ action: "react", emoji });
    },
    next() {
      if (store.isLocal()) return local.next();
      const st = room();
      if (!st) return;
      if (st.canControl === false) return controls.voteSkip();
      const length = store.get("queue").length;
      const next = st.currentIndex + 1;
      if (next < length) controls.jump(next);
      else if (st.playbackMode === "repeat-all" && length) controls.jump(0);
    },
    async setMode(mode) {
      if (!needs("control", "change the mode")) return;
      await guarded(api.setMode(channelId(), mode), "Mode");
    },
    /** The user's click after the browser refused autoplay. */
    unblock() {
      if (store.isLocal()) return player.play();
      sync.unblock();
    },

    // ---- queue (by position; duplicates allowed) ----
    /** Adds tracks at the end of the room's queue (or right after the playing entry with `next`)
     *  with one toast for the batch, whose Undo takes exactly those entries out again. */
    async addToQueue(trackIds, { next = false } = {}) {
      if (!needs("queue", "edit the queue")) return null;
      const ids = trackIds.filter(Boolean);
      if (!ids.length) return null;
      const at = next ? afterCurrent() : null;
      const edit = at === null ? { add: ids } : { add: ids, insertAt: at };
      const result = await guarded(api.editQueue(channelId(), edit), "Queue");
      if (!result) return null;
      const length = Number.isFinite(result.queueLength) ? result.queueLength : store.get("queue").length + ids.length;
      const added = { channelId: channelId(), start: at ?? length - ids.length, ids };
      toast(next ? `Playing next: ${describe(ids)}` : `Added ${describe(ids)} to the queue`, "success",
        { action: { label: "Undo", run: () => controls.undoQueueAdd(added) } });
      return added;
    },
    /** Takes out the entries one addToQueue put in, where they still are. */
    async undoQueueAdd({ channelId: id, start, ids }) {
      if (id !== channelId()) return toast("That was another room's queue", "warning");
      let positions = findRun(store.get("queue").map((t) => t.id), ids, start);
      if (!positions) {
        await nextQueue(); // the state with the new queue may still be on its way
        positions = findRun(store.get("queue").map((t) => t.id), ids, start);
      }
      if (!positions) return toast("The queue has changed: those tracks are no longer there", "warning");
      const result = await guarded(api.editQueue(id, { remove: positions }), "Undo");
      if (result) toast(`Removed ${describe(ids)} from the queue`, "info");
    },
    /** Plays tracks in the room for everyone: they go in after the playing entry and the room
     *  jumps to the first of them. */
    async playInRoom(trackIds) {
      if (!needs("queue", "edit the queue") || !needs("control", "change the track")) return;
      const ids = trackIds.filter(Boolean);
      if (!ids.length) return;
      const at = afterCurrent() ?? store.get("queue").length;
      const id = channelId();
      if (!(await guarded(api.editQueue(id, { add: ids, insertAt: at }), "Queue"))) return;
      if (await guarded(api.jump(id, at), "Play")) toast(`Playing ${describe(ids)} in the room`, "success");
    },
    /** Takes one entry out; the toast's Undo puts the same track back where it was. */
    async removeFromQueue(position) {
      if (!needs("queue", "edit the queue")) return;
      const id = channelId();
      const trackId = store.get("queue")[position]?.id;
      if (!(await guarded(api.editQueue(id, { remove: [position] }), "Queue")) || !trackId) return;
      toast(`Removed ${describe([trackId])} from the queue`, "info", { action: { label: "Undo", run: async () => {
        if (id !== channelId()) return toast("That was another room's queue", "warning");
        const at = Math.min(position, store.get("queue").length);
        if (await guarded(api.editQueue(id, { add: [trackId], insertAt: at }), "Undo")) toast(`Put back ${describe([trackId])}`, "info");
      } } });
    },
    /** Moves the entry at `from` so that it ends up at index `to` of the new list. */
    async moveInQueue(from, to) {
      if (!needs("queue", "edit the queue") || from === to) return;
      // Show it at once; the server's state (with the queue) confirms it a moment later.
      const queue = [...store.get("queue")];
      const [entry] = queue.splice(from, 1);
      queue.splice(to, 0, entry);
      store.set({ queue });
      const result = await guarded(api.editQueue(channelId(), { move: [from], to }), "Queue");
      if (!result) ctx.socket.reconnectNow();
    },

    // ---- rooms ----
    switchRoom(id) {
      if (id === channelId() && !store.isLocal()) return;
      if (store.isLocal()) controls.backToRoom();
      if (id === channelId()) return;
      store.set({ channelId: id });
      rememberChannel(id);
      ctx.socket.switchTo(id);
    },
    async createRoom(name, description) {
      const info = await guarded(api.createChannel(name, description), "New room");
      if (info?.id) {
        toast(`Room “${info.name}” created`, "success");
        controls.switchRoom(info.id);
      }
      return info;
    },
    async renameRoom(id, fields) {
      return guarded(api.updateChannel(id, fields), "Rename");
    },
    async deleteRoom(id) {
      const ok = await guarded(api.deleteChannel(id), "Delete room");
      if (ok) toast("Room deleted", "success");
    },
    async refreshChannels() {
      const channels = await guarded(api.channels(), "Rooms");
      if (channels) store.set({ channels });
    },

    // ---- playing here (not synced) ----
    /** Plays `track` here, then the rest of `list` (the tracks after it in the list it was
     *  chosen in). */
    playLocal(track, list = [track]) {
      spoken.stop();
      sync.suspend();
      ctx.socket.setHearing(false);
      const at = list.findIndex((t) => t.id === track.id);
      return at < 0 ? local.start([track]) : local.start(list, at);
    },
    backToRoom() {
      local.stop();
      spoken.stop();
      localPlays.stop();
      store.set({ playback: { mode: "sync", localTrack: null, upNext: null } });
      ctx.socket.setHearing(true);
      sync.resume();
    },

    // ---- spoken word: books and episodes (on this device, with progress saved) ----
    playBook(book, at = 0) {
      return controls.playSpoken(bookItem(book), at);
    },
    playEpisode(podcast, episode, at = 0) {
      return controls.playSpoken(episodeItem(podcast, episode), at);
    },
    playSpoken(item, at) {
      local.stop();
      localPlays.stop();
      sync.suspend();
      ctx.socket.setHearing(false);
      return spoken.start(item, at);
    },
    jumpInBook(at) {
      return spoken.jump(at);
    },
    /** { kind, id, position, rate, sleep } of the book or episode playing here, or null. */
    playingSpoken() {
      return spoken.active ? { kind: spoken.item.kind, id: spoken.item.id, position: spoken.position, rate: spoken.rate, sleep: spoken.sleep } : null;
    },
    /** Its rate (0.5–3, pitch kept), remembered for the book or podcast. */
    setSpokenRate(rate) {
      spoken.setRate(rate);
    },
    /** A sleep timer: minutes, "chapter" (its end), or null for none. */
    sleepSpoken(choice) {
      spoken.sleepAfter(choice);
    },

    // ---- library ----
    /** Reloads the library shortly: calls close together (the socket's `library_changed` and the
     *  view that caused it) make one request. */
    refreshLibrary() {
      clearTimeout(libraryTimer);
      libraryTimer = setTimeout(async () => {
        const library = await guarded(api.library(), "Library");
        if (library) store.setLibrary(library);
      }, 300);
    },
    prefetchNext() {
      if (!cache.enabled) return;
      clearTimeout(prefetchTimer);
      prefetchTimer = setTimeout(() => {
        const st = room();
        const queue = store.get("queue");
        if (!st || !queue.length) return;
        const next = queue[(st.currentIndex + 1) % queue.length];
        if (next?.id && next.available !== false && next.id !== st.track?.id) cache.store(next.id);
      }, 4000);
    },

    // ---- playlists ----
    async refreshPlaylists() {
      try {
        const bundle = await api.playlists();
        store.set({ playlists: { mine: bundle?.mine || [], shared: bundle?.shared || [] } });
      } catch (error) {
        if (error?.status === 404) store.set({ playlists: { unavailable: true, mine: [], shared: [] } });
        else if (error?.status === 401 || error?.status === 403) store.set({ playlists: { mine: [], shared: [] } });
        else toastError(error, "Playlists");
      }
    },
    openShared(token) {
      store.emit("open-shared", token);
    },

    // ---- URL import ----
    async refreshFetchJobs() {
      const status = store.get("status");
      if (!(status?.ytdlp?.enabled && status?.ytdlp?.available)) return;
      try {
        const data = await api.fetchJobs();
        const list = Array.isArray(data) ? data : data?.items || data?.jobs || data?.queue || [];
        const jobs = new Map();
        for (const job of list) if (job?.id) jobs.set(job.id, job);
        store.set({ fetchJobs: jobs });
      } catch { /* the list fills from the socket */ }
    },
    updateFetchJob(message) {
      const id = message.id || message.itemId;
      if (!id) return;
      const jobs = new Map(store.get("fetchJobs"));
      const previous = jobs.get(id) || {};
      const status = { fetch_complete: "complete", fetch_error: "error", fetch_cancelled: "cancelled" }[message.type] || message.status || previous.status;
      const job = { ...previous, ...message, id, status };
      if (message.type === "fetch_complete") job.progress = 100;
      jobs.set(id, job);
      store.set({ fetchJobs: jobs });
      if (message.type === "fetch_complete") toast(`Imported: ${job.title || job.url || id}`, "success");
      if (message.type === "fetch_error") toast(`Import failed: ${message.error || message.message || job.title || id}`, "error");
    },
  };
  // The phone's lock screen and a car's next/previous buttons (native.js) act as the keys do.
  // A book's or episode's are its chapters; a local track's previous starts it again.
  const onCommand = (event) => {
    const step = { next: 1, previous: -1 }[event.detail];
    if (!step) return;
    if (spoken.active) spoken.stepChapter(step);
    else if (step > 0) controls.next();
    else controls.previous();
  };
  player.audio.addEventListener("nativecommand", onCommand);
  ctx.track(() => player.audio.removeEventListener("nativecommand", onCommand));
  return controls;
}
