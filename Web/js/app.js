// One signed-in session of the app: socket, sync engine, views, and the actions they call.
import { api } from "./api.js";
import { cache } from "./cache.js";
import { ClockEstimator } from "./clock.js";
import { createControls } from "./controls.js";
import { createDiagnostics } from "./diagnostics.js";
import { installKeyboard } from "./keyboard.js";
import { installMediaSession } from "./media-session.js";
import { handleSocketMessage } from "./messages.js";
import { prefs, rememberInvite } from "./prefs.js";
import { mayEnterRoom } from "./room-invites.js";
import { clearRoomRoute, inviteFromUrl, roomFromUrl, sharedTokenFromUrl } from "./routes.js";
import { followingTrack } from "./scheduled-sync.js";
import { RoomSocket } from "./socket.js";
import { store } from "./state.js";
import { installSyncReport } from "./sync-report.js";
import { SYNC_PARAMS, SyncEngine } from "./sync.js";
import { loadTrackAnnotations } from "./track-annotations.js";
import { mountShell } from "./views/shell.js";
import { toast, toastError } from "./views/toasts.js";
import { trackTitle } from "./format.js";

export function startSession({ user, player, root, onSignedOut, onKicked, sharedToken }) {
  const disposers = [];
  const clock = new ClockEstimator();
  const sync = new SyncEngine({ player, clock, upNext: () => followingTrack(store.get("room"), store.get("queue")) });
  const ctx = {
    store, player, sync, clock, cache,
    socket: null,
    controls: null,
    /** Register a cleanup to run when the session ends. */
    track(dispose) {
      disposers.push(dispose);
      return dispose;
    },
    signOut: async () => {
      try {
        await api.logout();
      } catch (error) {
        toastError(error, "Sign out");
      }
      end();
      onSignedOut();
    },
    kicked: (reason) => {
      end();
      onKicked(reason);
    },
  };

  ctx.socket = new RoomSocket({
    clock,
    onMessage: (message) => {
      if (message?.type !== "state") ctx.diagnostics?.note(`socket: ${message?.type}`, message?.message ?? "");
      handleSocketMessage(ctx, message);
    },
    onStatus: (status) => {
      ctx.diagnostics?.note(`connection: ${status.state}`, status.retryIn ? `retry in ${status.retryIn} ms` : "");
      if (status.state === "open") sync.forgetSeq();
      store.set({ connection: status });
    },
    onGiveUp: async () => {
      // Several failed connects in a row: maybe the session ended, or a private room's link was
      // renewed (then back to the main room).
      try {
        const me = await api.me();
        if (!me?.user || me.user.id !== store.get("user")?.id) return ctx.kicked("Your session ended. Sign in again.");
      } catch { return; /* the server is away; keep retrying */ }
      const id = store.get("channelId");
      const main = store.get("channels").find((c) => c.isDefault);
      if (main && id !== main.id && !(await mayEnterRoom(id))) ctx.controls.switchRoom(main.id);
    },
  });
  ctx.controls = createControls(ctx);
  ctx.diagnostics = createDiagnostics(ctx);
  disposers.push(() => ctx.diagnostics.dispose());

  // A track the server cannot give us (gone from disk, a network error): say so once.
  let lastFailed = null;
  const onAudioError = () => {
    ctx.diagnostics.note("audio error", player.trackId ?? "");
    if (player.trackId === lastFailed) return;
    lastFailed = player.trackId;
    const track = store.currentTrack();
    toast(`Cannot play “${track ? trackTitle(track) : "this track"}”`, "error");
  };
  player.addEventListener("error", onAudioError);
  disposers.push(() => player.removeEventListener("error", onAudioError));

  store.set({ user });
  const shell = mountShell(ctx, root);
  disposers.push(() => shell.remove());
  disposers.push(installKeyboard(ctx));
  disposers.push(installMediaSession(ctx));
  disposers.push(installSyncReport(ctx));

  let ended = false;
  function end() {
    if (ended) return;
    ended = true;
    ctx.socket.destroy();
    sync.dispose();
    player.clear();
    for (const dispose of disposers.reverse()) {
      try { dispose(); } catch { /* keep going */ }
    }
    store.reset();
    delete window.__blastoise;
  }

  // A share or invite link opened while the app is already running (only the hash changes).
  const onHash = () => {
    const token = sharedTokenFromUrl();
    if (token) ctx.controls.openShared(token);
    const room = roomFromUrl();
    if (room) {
      if (inviteFromUrl()) rememberInvite(room, inviteFromUrl());
      clearRoomRoute();
      if (store.get("channels").some((c) => c.id === room)) ctx.controls.switchRoom(room);
      else mayEnterRoom(room).then((ok) => { if (ok) ctx.controls.switchRoom(room); });
    }
  };
  window.addEventListener("hashchange", onHash);
  disposers.push(() => window.removeEventListener("hashchange", onHash));

  exposeTestHooks(ctx);
  load(ctx, sharedToken).catch((error) => toastError(error, "Loading"));
  return { end };
}

async function load(ctx, sharedToken) {
  // The track cache's database opened before a room's first track looks in it (~40 ms).
  if (cache.enabled) cache.db().catch(() => {});
  // The room's socket does not wait for the library (a large one takes a while to arrive).
  const library = api.library();
  library.catch(() => {}); // said below, once the room is chosen
  const channels = await api.channels();
  store.set({ channels });
  const saved = prefs.channel;
  // A private room one came to by its link is not listed until one is in it.
  const invited = saved && !channels.some((c) => c.id === saved) && (await mayEnterRoom(saved)) ? { id: saved } : null;
  const chosen = channels.find((c) => c.id === saved) || invited || channels.find((c) => c.isDefault) || channels[0];
  if (chosen) {
    store.set({ channelId: chosen.id });
    ctx.socket.connect(chosen.id);
  }
  store.setLibrary(await library);
  loadTrackAnnotations(store).catch((error) => toastError(error, "Favourites"));
  await ctx.controls.refreshPlaylists();
  if (sharedToken) ctx.controls.openShared(sharedToken);
  ctx.controls.refreshFetchJobs();
}

/** What plays here, not in a room, and the elements it plays on (a crossfade: both sound). */
function localInfo({ store, player }) {
  const { mode, localTrack, upNext } = store.get("playback");
  const audio = player.audio;
  return {
    local: mode === "local", trackId: localTrack?.id ?? null, upNextId: upNext?.id ?? null, fading: !!audio.fading,
    voices: (audio.elements || [audio]).map((e) => ({ current: e === (audio.current || audio), playing: !e.paused, volume: e.volume, src: e.src || "" })),
  };
}

/** A small read-only window into the sync engine for the e2e harness and curious users. */
function exposeTestHooks(ctx) {
  const hooks = Object.freeze({
    syncInfo: () => ctx.sync.info(),
    syncParams: () => ({ ...SYNC_PARAMS }),
    spoken: () => ctx.controls.playingSpoken(),
    local: () => localInfo(ctx),
  });
  Object.defineProperty(window, "__blastoise", { value: hooks, configurable: true, writable: false });
}
