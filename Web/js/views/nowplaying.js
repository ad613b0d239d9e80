// Now playing: the track, time, seek bar, transport, mode, volume; this person's heart and stars
// for the track (not for guests); a book's or episode's speed, sleep timer and a bookmark button; the "not synced" banner for local previews and the "click to
// play" notice when the browser blocks autoplay.
import { h } from "../dom.js";
import { coverArt, setCover } from "../covers.js";
import { formatTime, trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { api } from "../api.js";
import { heartButton, keepsAnnotations } from "./favourite.js";
import { showLyrics } from "./lyrics.js";
import { ratingControl } from "./rating.js";
import { RATES } from "../spoken-playback.js";
import { bookmarkHere } from "./bookmarks.js";
import { controlModeReason } from "../room-roles.js";
import { confirmDialog } from "./dialogs.js";
import { reactionBar } from "./reactions.js";

const COVER_SIZES = "(max-width: 800px) 62vw, 84px";

const MODES = [
  ["repeat-all", "Repeat all"],
  ["repeat-one", "Repeat one"],
  ["shuffle", "Shuffle"],
  ["once", "Play once"],
];

const SLEEP_CHOICES = [["0", "No sleep timer"], ["5", "Sleep in 5 min"], ["15", "Sleep in 15 min"], ["30", "Sleep in 30 min"],
  ["45", "Sleep in 45 min"], ["60", "Sleep in 1 hour"], ["chapter", "Sleep at chapter end"]];

export function mountNowPlaying(ctx, pane) {
  const { store, player, sync, controls } = ctx;
  const canControl = store.can("control");

  const localBanner = h("div", { class: "banner banner-local", id: "local-banner", hidden: true, attrs: { role: "status" } },
    h("span", { class: "banner-text" }, h("strong", { text: "Playing locally — not synced." }), " The room goes on without you."),
    h("button", { class: "btn small", type: "button", id: "back-to-room", onclick: () => controls.backToRoom() }, icon("sync", { size: 16 }), h("span", { text: "Back to the room" })));
  const blockedNotice = h("div", { class: "banner banner-blocked", id: "autoplay-notice", hidden: true, attrs: { role: "alert" } },
    h("span", { class: "banner-text", text: "Your browser is waiting for a click before it plays sound." }),
    h("button", { class: "btn primary", type: "button", id: "click-to-play", onclick: () => controls.unblock() }, icon("play", { size: 16 }), h("span", { text: "Click to play" })));

  const cover = coverArt(null, { sizes: COVER_SIZES, className: "cover", iconSize: 40 });
  cover.id = "np-cover";
  const title = h("h2", { class: "np-title", id: "np-title", text: "Nothing playing" });
  const subtitle = h("div", { class: "np-subtitle", id: "np-subtitle" });
  const roomLine = h("div", { class: "np-room" });
  const upNextLine = h("div", { class: "np-up-next muted small", id: "np-up-next", hidden: true });
  // Said to screen readers when the track changes (not on every render).
  const announcer = h("div", { class: "visually-hidden", id: "np-announce", attrs: { "aria-live": "polite" } });
  let announced;
  // The sound itself: the room may be playing while this browser's audio waits for data (a
  // stalled stream, the server away); said beside the time, so the Pause button is not the only word.
  const audioState = h("span", { class: "np-audio-state muted small", id: "np-audio-state", hidden: true, text: "Waiting for audio…" });
  let waitingSince = null;
  const badge = h("span", { class: "badge badge-local", text: "not synced", hidden: true });
  const lyricsButton = h("button", { class: "btn small ghost", type: "button", id: "np-lyrics", hidden: true, onclick: () => { const t = store.currentTrack(); if (t) showLyrics(t); } }, h("span", { text: "Lyrics" }));

  // The room's tracks carry no annotations: the heart and stars learn them from the track's album.
  const personal = keepsAnnotations(store) ? {
    heart: heartButton(ctx, "tracks", null, "this track", { id: "np-favourite" }),
    stars: ratingControl(ctx, "tracks", null, "this track", { id: "np-rating", size: 18 }),
    trackId: null,
  } : null;
  const personalLine = personal ? h("div", { class: "np-personal" }, personal.heart, personal.stars) : null;

  function showPersonal(shown) {
    const track = shown?.kind === "books" || shown?.kind === "episodes" ? null : shown; // spoken word has no heart or stars
    if (!personal || (track?.id ?? null) === personal.trackId) return;
    personal.trackId = track?.id ?? null;
    const name = track ? trackTitle(track) : "this track";
    const item = track ? { id: track.id, rating: track.rating, favourite: track.favourite } : null;
    personal.heart.heart.setItem(item, name);
    personal.stars.ratingControl.setItem(item, name);
    if (personalLine) personalLine.hidden = !track;
    if (!track?.albumId) return;
    api.album(track.albumId).then((answer) => {
      const found = (answer?.tracks || []).find((t) => t.id === track.id);
      if (!found || personal.trackId !== track.id || personal.stars.contains(document.activeElement)) return;
      const known = { id: track.id, rating: found.rating, favourite: found.favourite };
      personal.heart.heart.setItem(known, name);
      personal.stars.ratingControl.setItem(known, name);
    }, () => { /* the stars stay as they are */ });
  }

  const elapsed = h("span", { class: "time", id: "np-elapsed", text: "0:00" });
  const duration = h("span", { class: "time", id: "np-duration", text: "0:00" });
  const seek = h("input", { type: "range", class: "seek", id: "np-seek", min: 0, max: 1, step: 0.1, value: 0, attrs: { "aria-label": "Position" } });
  let dragging = false;
  seek.addEventListener("pointerdown", () => { dragging = true; });
  seek.addEventListener("input", () => { dragging = true; elapsed.textContent = formatTime(Number(seek.value)); });
  seek.addEventListener("change", () => {
    dragging = false;
    controls.seek(Number(seek.value));
  });

  const btn = (id, iconName, label, onclick, cls = "icon-btn") => h("button", { class: cls, type: "button", id, title: label, attrs: { "aria-label": label }, onclick }, icon(iconName, { size: cls.includes("big") ? 28 : 20 }));
  const playButton = btn("np-play", "play", "Play", () => controls.togglePlay(), "icon-btn big play-btn");
  const transport = h("div", { class: "transport" },
    btn("np-prev", "prev", "Previous (Shift+←)", () => controls.previous()),
    h("button", { class: "icon-btn skip", type: "button", id: "np-back15", title: "Back 15 s", attrs: { "aria-label": "Back 15 seconds" }, onclick: () => controls.seekBy(-15) }, h("span", { text: "−15" })),
    playButton,
    h("button", { class: "icon-btn skip", type: "button", id: "np-fwd15", title: "Forward 15 s", attrs: { "aria-label": "Forward 15 seconds" }, onclick: () => controls.seekBy(15) }, h("span", { text: "+15" })),
    btn("np-next", "next", "Next (Shift+→)", () => controls.next()));

  const mode = h("select", { class: "select mode-select", id: "np-mode", attrs: { "aria-label": "Playback mode" } }, MODES.map(([value, label]) => h("option", { value, text: label })));
  mode.addEventListener("change", () => controls.setMode(mode.value));

  const muteButton = btn("np-mute", "volume", "Mute (M)", () => player.toggleMute());
  const volume = h("input", { type: "range", class: "volume", id: "np-volume", min: 0, max: 1, step: 0.01, value: player.volume, attrs: { "aria-label": "Volume" } });
  volume.addEventListener("input", () => player.setVolume(Number(volume.value)));

  // A book or an episode: its rate and a sleep timer.
  const rate = h("select", { class: "select", id: "np-rate", attrs: { "aria-label": "Playback speed" } },
    RATES.map((r) => h("option", { value: String(r), text: `${r}×` })));
  rate.addEventListener("change", () => controls.setSpokenRate(Number(rate.value)));
  const sleep = h("select", { class: "select", id: "np-sleep", attrs: { "aria-label": "Sleep timer" } },
    SLEEP_CHOICES.map(([value, label]) => h("option", { value, text: label })));
  sleep.addEventListener("change", () => controls.sleepSpoken(sleep.value === "chapter" ? "chapter" : Number(sleep.value) || null));
  // Guests keep no bookmarks.
  const bookmark = store.get("user")?.isGuest === false
    ? h("button", { class: "btn", type: "button", id: "np-bookmark", text: "Bookmark", onclick: () => bookmarkHere(controls.playingSpoken()) })
    : null;
  const spokenRow = h("div", { class: "np-spoken", id: "np-spoken", hidden: true }, rate, sleep, bookmark);
  player.audio.addEventListener("pause", () => {
    if (!controls.playingSpoken()?.sleep) sleep.value = "0"; // a timer that ran out is off
  });

  // Room roles: why the transport is off, a vote to skip instead, and who last changed the room.
  const roomRule = h("p", { class: "room-rule", id: "room-rule", hidden: true });
  const voteSkip = h("button", { class: "btn small", type: "button", id: "np-vote-skip", hidden: true, text: "Vote to skip", onclick: () => controls.voteSkip() });
  const activityLine = h("div", { class: "np-activity", id: "np-activity", attrs: { "aria-live": "polite" } });
  function renderRoles() {
    const room = store.get("room");
    const refused = canControl && !store.isLocal() && room?.canControl === false;
    roomRule.hidden = !refused;
    roomRule.textContent = refused ? controlModeReason(room) : "";
    for (const button of transport.querySelectorAll("button")) {
      button.disabled = refused;
      if (refused) button.title = roomRule.textContent;
    }
    mode.disabled = refused;
    voteSkip.hidden = store.isLocal() || !room?.track || room?.canControl !== false;
  }
  ctx.track(store.on("activity", () => { activityLine.textContent = store.get("activity") || ""; }));

  // Everyone's sync, as each player reports it: who is in step (and by how much), who is not.
  const LABELS = { buffering: "buffering", waiting: "waiting for a click", away: "away" };
  const people = h("ul", { class: "np-people", id: "np-listeners", attrs: { "aria-label": "How each listener is in step" } });
  function renderPeople() {
    const reports = store.isLocal() ? [] : store.get("room")?.listenerSync || [];
    people.replaceChildren(...reports.map((report) => {
      const drift = Number.isFinite(report.driftMs) ? Math.abs(report.driftMs) : null;
      const detail = report.state === "in-sync" ? (drift === null ? "in step" : `${drift < 10 ? drift.toFixed(1) : Math.round(drift)} ms`) : LABELS[report.state] || report.state;
      const off = report.state !== "in-sync" || (drift !== null && drift > 40);
      const room = store.get("room");
      // The room's owner and admins may take someone out of a room (not the main one).
      const removable = room && !room.isDefault && report.name !== store.get("user")?.username && store.mayEdit(room.owner);
      return h("li", { class: ["np-person", off && "off"], dataset: { state: report.state, name: report.name } },
        h("span", { class: "np-person-dot", attrs: { "aria-hidden": "true" } }),
        h("span", { class: "np-person-name", text: report.name }),
        h("span", { class: "muted", text: detail }),
        removable ? h("button", { class: "icon-btn small np-person-remove", type: "button", title: `Remove ${report.name} from the room`, attrs: { "aria-label": `Remove ${report.name} from the room` }, onclick: () => removePerson(report.name) }, icon("close", { size: 12 })) : null);
    }));
    people.hidden = reports.length === 0;
  }
  ctx.track(store.on("room", renderPeople));
  async function removePerson(name) {
    if (await confirmDialog({ title: `Remove ${name}?`, message: `${name} goes to the main room and cannot come back to this one for ten minutes.`, confirmLabel: "Remove", danger: true })) {
      controls.removeListener(name);
    }
  }

  const guestNote = h("p", { class: "guest-note", id: "guest-note", text: "You are listening as a guest. Sign in to control playback and the queue." });
  const controlsRow = h("div", { class: "np-controls" }, h("div", { class: "np-left" }, canControl ? mode : null), transport, h("div", { class: "np-right" }, muteButton, volume));

  pane.append(localBanner, blockedNotice,
    h("div", { class: "np-main" }, cover,
      h("div", { class: "np-info" }, h("div", { class: "np-headline" }, title, badge), subtitle, personalLine, h("div", { class: "np-room-line" }, roomLine, lyricsButton), upNextLine)),
    h("div", { class: "np-seek" }, elapsed, seek, duration), audioState, announcer,
    controlsRow, h("div", { class: "np-roles" }, roomRule, voteSkip, reactionBar(ctx, controls), activityLine), people, spokenRow);
  if (!canControl) pane.append(guestNote);

  // Guests listen only: the room's transport is hidden (local previews bring it back).
  const setTransportVisible = (local) => {
    const visible = canControl || local;
    transport.hidden = !visible;
    seek.disabled = !visible;
  };

  function renderTrack() {
    const local = store.isLocal();
    const track = store.currentTrack();
    const room = store.get("room");
    title.textContent = track ? trackTitle(track) : "Nothing playing";
    if ((track?.id ?? null) !== announced) {
      announced = track?.id ?? null;
      announcer.textContent = track ? `Now playing: ${trackTitle(track)}${track.artist ? ` by ${track.artist}` : ""}` : "";
    }
    subtitle.textContent = track ? trackSubtitle(track) : local ? "" : "Add tracks to the queue to start the room.";
    setCover(cover, track?.coverId || null, { sizes: COVER_SIZES, seed: track ? track.album || track.artist || track.id : "" });
    cover.classList.toggle("empty", !track);
    badge.hidden = !local;
    lyricsButton.hidden = !track?.hasLyrics;
    showPersonal(track);
    const spoken = controls.playingSpoken();
    spokenRow.hidden = !spoken;
    if (spoken) {
      rate.value = String(spoken.rate);
      if (!spoken.sleep) sleep.value = "0";
    }
    localBanner.hidden = !local;
    const upNext = local ? store.get("playback").upNext : null;
    upNextLine.hidden = !upNext;
    upNextLine.textContent = upNext ? `Next here: ${trackTitle(upNext)}${upNext.artist ? ` · ${upNext.artist}` : ""}` : "";
    pane.classList.toggle("is-local", local);
    setTransportVisible(local);
    if (room) {
      const n = room.listenerCount ?? 0;
      roomLine.textContent = local ? `Room “${room.channelName}” is playing on without you` : `${room.channelName} · ${n} listening`;
    } else {
      roomLine.textContent = "";
    }
    if (room?.playbackMode) mode.value = room.playbackMode;
    seek.max = String(track?.duration || 1);
    duration.textContent = formatTime(track?.duration || 0);
    tick();
  }

  function tick() {
    const local = store.isLocal();
    const room = store.get("room");
    const track = store.currentTrack();
    const position = local ? player.position : track ? sync.target() : 0;
    const playing = local ? !player.audio.paused : !!(room?.track && !room.paused);
    if (!dragging) {
      seek.value = String(position);
      const shown = formatTime(position);
      if (elapsed.textContent !== shown) {
        elapsed.textContent = shown;
        seek.setAttribute("aria-valuetext", `${shown} of ${formatTime(track?.duration || 0)}`);
      }
    }
    const waiting = local
      ? playing && !player.blocked && typeof player.audio.readyState === "number" && player.audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA
      : sync.waitingForSound();
    waitingSince = waiting ? waitingSince ?? Date.now() : null;
    audioState.hidden = !(waitingSince !== null && Date.now() - waitingSince > 1000);
    seek.style.setProperty("--progress", `${track?.duration ? Math.min(100, (position / track.duration) * 100) : 0}%`);
    const wantPause = playing;
    if (playButton.dataset.state !== (wantPause ? "pause" : "play")) {
      playButton.dataset.state = wantPause ? "pause" : "play";
      playButton.replaceChildren(icon(wantPause ? "pause" : "play", { size: 28 }));
      playButton.setAttribute("aria-label", wantPause ? "Pause" : "Play");
      playButton.title = wantPause ? "Pause (Space)" : "Play (Space)";
    }
    blockedNotice.hidden = !player.blocked;
    const muted = player.muted || player.volume === 0;
    if (muteButton.dataset.muted !== String(muted)) {
      muteButton.dataset.muted = String(muted);
      muteButton.replaceChildren(icon(muted ? "mute" : "volume", { size: 20 }));
    }
  }

  ctx.track(store.on("room", renderTrack));
  ctx.track(store.on("room", renderRoles));
  ctx.track(store.on("playback", renderRoles));
  ctx.track(store.on("playback", renderTrack));
  const onBlocked = () => tick();
  player.addEventListener("blocked", onBlocked);
  ctx.track(() => player.removeEventListener("blocked", onBlocked));
  const timer = setInterval(tick, 200);
  ctx.track(() => clearInterval(timer));
  renderTrack();
  renderRoles();
}
