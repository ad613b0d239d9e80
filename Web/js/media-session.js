// The tab title ("Title · Artist — Blastoise") and the browser's media session (lock screen,
// headset keys, the system's media controls) follow what plays: the room's track, or the local
// playback. The session's action handlers are the room's controls, set only for people who may
// control the room (or while they play locally, which is theirs alone: "next" while a track
// follows); others get none.
import { artwork } from "./covers.js";
import { trackTitle } from "./format.js";

const ACTIONS = ["play", "pause", "previoustrack", "nexttrack", "seekto", "seekbackward", "seekforward"];
const BASE_TITLE = "Blastoise";

export function installMediaSession(ctx) {
  const { store, player, controls, sync } = ctx;
  const session = "mediaSession" in navigator ? navigator.mediaSession : null;
  let shown = null; // what the metadata shows now
  let handlers; // which handlers are set (setHandlers)

  const paused = () => (store.isLocal() ? player.audio.paused : !!store.get("room")?.paused);
  // While the browser waits for a click before it plays, nothing plays here: the system shows a
  // play button, and it is the click (the room plays on for the others).
  const silent = () => paused() || player.blocked;
  const actions = {
    play: () => { if (silent()) controls.togglePlay(); },
    pause: () => { if (!silent()) controls.togglePlay(); },
    previoustrack: () => controls.previous(),
    nexttrack: () => controls.next(),
    seekto: (details) => { if (Number.isFinite(details?.seekTime)) controls.seek(details.seekTime); },
    seekbackward: (details) => controls.seekBy(-(details?.seekOffset || 10)),
    seekforward: (details) => controls.seekBy(details?.seekOffset || 10),
  };

  /** mode: "all" (the room, for one who may control it, or playing here with a track to come),
   *  "no-next" (playing here, the last track) or null (no handlers: the system shows no controls
   *  that would do nothing). */
  function setHandlers(mode) {
    if (!session || handlers === mode) return;
    handlers = mode;
    for (const name of ACTIONS) {
      const on = mode === "all" || (mode === "no-next" && name !== "nexttrack");
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
    session.playbackState = !track ? "none" : silent() ? "paused" : "playing";
    const here = store.get("playback").upNext ? "all" : "no-next";
    setHandlers(store.isLocal() ? here : store.can("control") ? "all" : null);
    position(track);
  }

  function position(track) {
    if (!session?.setPositionState) return;
    try {
      if (!track?.duration) return session.setPositionState();
      const at = store.isLocal() ? player.position : sync.target();
      session.setPositionState({ duration: track.duration, position: Math.max(0, Math.min(track.duration, at || 0)), playbackRate: store.isLocal() ? player.audio.playbackRate || 1 : 1 });
    } catch { /* a position the browser refuses: leave the last one */ }
  }

  const stops = [store.on("room", update), store.on("playback", update)];
  const onAudio = () => update();
  for (const name of ["play", "pause"]) player.audio.addEventListener(name, onAudio);
  player.addEventListener("blocked", onAudio);
  update();

  return () => {
    stops.forEach((stop) => stop());
    for (const name of ["play", "pause"]) player.audio.removeEventListener(name, onAudio);
    player.removeEventListener("blocked", onAudio);
    setHandlers(null);
    document.title = BASE_TITLE;
    if (session) {
      session.metadata = null;
      session.playbackState = "none";
    }
  };
}
