// The tab title ("Title · Artist — Blastoise") and the browser's media session (lock screen,
// headset keys, the system's media controls) follow what plays: the room's track, or the local
// preview. The session's action handlers are the room's controls, set only for people who may
// control the room (or while they play locally, which is theirs alone); others get none.
import { artwork } from "./covers.js";
import { trackTitle } from "./format.js";

const ACTIONS = ["play", "pause", "previoustrack", "nexttrack", "seekto", "seekbackward", "seekforward"];
const BASE_TITLE = "Blastoise";

export function installMediaSession(ctx) {
  const { store, player, controls, sync } = ctx;
  const session = "mediaSession" in navigator ? navigator.mediaSession : null;
  let shown = null; // what the metadata shows now
  let handlers = null; // whether the handlers are set

  const paused = () => (store.isLocal() ? player.audio.paused : !!store.get("room")?.paused);
  const actions = {
    play: () => { if (paused() || player.blocked) controls.togglePlay(); },
    pause: () => { if (!paused()) controls.togglePlay(); },
    previoustrack: () => controls.previous(),
    nexttrack: () => controls.next(),
    seekto: (details) => { if (Number.isFinite(details?.seekTime)) controls.seek(details.seekTime); },
    seekbackward: (details) => controls.seekBy(-(details?.seekOffset || 10)),
    seekforward: (details) => controls.seekBy(details?.seekOffset || 10),
  };

  function setHandlers(on) {
    if (!session || handlers === on) return;
    handlers = on;
    for (const name of ACTIONS) {
      try {
        session.setActionHandler(name, on ? actions[name] : null);
      } catch { /* an action this browser does not know */ }
    }
  }

  function update() {
    const track = store.currentTrack();
    document.title = track ? `${trackTitle(track)}${track.artist ? ` · ${track.artist}` : ""} — ${BASE_TITLE}` : BASE_TITLE;
    if (!session) return;
    const key = track ? [track.id, trackTitle(track), track.artist, track.album, track.coverId].join("\n") : null;
    if (key !== shown) {
      shown = key;
      session.metadata = track && "MediaMetadata" in window
        ? new MediaMetadata({ title: trackTitle(track), artist: track.artist || "", album: track.album || "", artwork: artwork(track.coverId) })
        : null;
    }
    session.playbackState = !track ? "none" : paused() ? "paused" : "playing";
    setHandlers(store.can("control") || store.isLocal());
    position(track);
  }

  function position(track) {
    if (!session?.setPositionState) return;
    try {
      if (!track?.duration) return session.setPositionState();
      const at = store.isLocal() ? player.position : sync.target();
      session.setPositionState({ duration: track.duration, position: Math.max(0, Math.min(track.duration, at || 0)), playbackRate: 1 });
    } catch { /* a position the browser refuses: leave the last one */ }
  }

  const stops = [store.on("room", update), store.on("playback", update)];
  const onAudio = () => update();
  for (const name of ["play", "pause"]) player.audio.addEventListener(name, onAudio);
  update();

  return () => {
    stops.forEach((stop) => stop());
    for (const name of ["play", "pause"]) player.audio.removeEventListener(name, onAudio);
    setHandlers(false);
    document.title = BASE_TITLE;
    if (session) {
      session.metadata = null;
      session.playbackState = "none";
    }
  };
}
