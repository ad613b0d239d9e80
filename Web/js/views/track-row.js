// A track as a row, shared by every list of tracks: cover, title, "artist · album", time, and
// the actions this user may take. The primary action plays it in the room for everyone (it needs
// the `queue` and `control` permissions); playing it here only, not synced, is the secondary one
// (and the primary for listeners who may not change the room). One handler serves a whole list.
import { h } from "../dom.js";
import { coverArt } from "../covers.js";
import { formatTime, trackSubtitle, trackTitle } from "../format.js";
import { icon } from "../icons.js";
import { LONGEST_LOCAL_QUEUE } from "../local-queue.js";
import { heartButton } from "./favourite.js";
import { addToPlaylistDialog } from "./playlists.js";

export const TRACK_COVER_SIZES = "40px";

/** May this user play tracks in the room for everyone? */
export function canPlayInRoom(store) {
  return store.can("queue") && store.can("control");
}

export function canAddToPlaylist(store) {
  const playlists = store.get("playlists");
  return store.can("create") && !!playlists && !playlists.unavailable;
}

/** The cover, title and subtitle ("artist · album", or `subtitle(track)`), and time of a row
 *  (the queue and playlists add their own). */
export function trackCells(track, { subtitle = trackSubtitle } = {}) {
  return [
    coverArt(track.coverId, { sizes: TRACK_COVER_SIZES, seed: track.album || track.artist || track.id, className: "tr-cover" }),
    h("div", { class: "tr-main" },
      h("span", { class: "tr-title", text: trackTitle(track) }),
      h("span", { class: "tr-sub", text: subtitle(track) })),
    h("span", { class: "tr-time", text: formatTime(track.duration) }),
  ];
}

const actionButton = (act, iconName, label, extra = "") =>
  h("button", { class: ["icon-btn small", extra], type: "button", dataset: { act }, title: label, attrs: { "aria-label": label } }, icon(iconName, { size: act === "room" ? 14 : 16 }));

/** The row's buttons: the heart (favourite), play in the room (primary), play here, play next,
 *  add to queue, add to a playlist. */
export function trackActions(ctx, track) {
  const { store } = ctx;
  const title = trackTitle(track);
  const available = track.available !== false;
  const buttons = [];
  if (available && canPlayInRoom(store)) buttons.push(actionButton("room", "play", `Play ${title} in this room, for everyone`, "primary-act"));
  if (available) buttons.push(actionButton("local", "headphones", `Play ${title} here only, not synced`));
  if (store.can("queue")) buttons.push(actionButton("next", "playNext", `Play ${title} next`), actionButton("add", "plus", `Add ${title} to the queue`));
  if (canAddToPlaylist(store)) buttons.push(actionButton("playlist", "playlist", `Add ${title} to a playlist`));
  const heart = heartButton(ctx, "tracks", track, title);
  if (heart) buttons.unshift(heart);
  return h("div", { class: "tr-actions" }, buttons);
}

/** The primary action: in the room for everyone when allowed, else here only (`list`: what
 *  plays on after it here). */
export function playPrimary(ctx, track, list = [track]) {
  if (canPlayInRoom(ctx.store)) ctx.controls.playInRoom([track.id]);
  else ctx.controls.playLocal(track, list);
}

/** The playable tracks from row `i` to the end of its list: what "play here" plays. */
function playableFrom(trackAt, i) {
  const list = [];
  for (let k = i; list.length < LONGEST_LOCAL_QUEUE; k++) {
    const track = trackAt(k);
    if (!track) break;
    if (track.available !== false) list.push(track);
  }
  return list;
}

/** Clicks on the rows' buttons, and a double click on a row, for a list whose rows carry
 *  `data-i`; trackAt(i) gives the track. */
export function bindTrackActions(ctx, listEl, { rowSelector, trackAt }) {
  const { controls } = ctx;
  listEl.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    const row = event.target.closest(rowSelector);
    const track = row && trackAt(Number(row.dataset.i));
    if (!button || !track) return;
    const act = button.dataset.act;
    if (act === "room") controls.playInRoom([track.id]);
    else if (act === "local") controls.playLocal(track, playableFrom(trackAt, Number(row.dataset.i)));
    else if (act === "add") controls.addToQueue([track.id]);
    else if (act === "next") controls.addToQueue([track.id], { next: true });
    else if (act === "playlist") addToPlaylistDialog(ctx, [track.id]);
  });
  listEl.addEventListener("dblclick", (event) => {
    const row = event.target.closest(rowSelector);
    if (!row || event.target.closest("button, input, a")) return;
    const i = Number(row.dataset.i);
    const track = trackAt(i);
    if (track?.available !== false && track) playPrimary(ctx, track, playableFrom(trackAt, i));
  });
}
