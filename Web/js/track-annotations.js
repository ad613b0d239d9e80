// This person's favourites and ratings of tracks, for the lists whose tracks carry none of their
// own: the library's Tracks view (/api/library is the same for everyone), the room's queue and
// playlists. Read once a session (GET /api/annotations/tracks) into the store's
// `trackAnnotations` (id → { favourite, rating }; null while unknown) and kept in step by every
// heart and star (noteTrack), so a row drawn later — the queue's, after a star given in the
// Tracks view — shows the same.
import { api } from "./api.js";

/** Reads the person's track annotations (not for guests: they keep none). */
export async function loadTrackAnnotations(store) {
  const user = store.get("user");
  if (!user || user.isGuest) return;
  const answer = await api.annotations("tracks");
  if (store.get("user") !== user) return; // signed out meanwhile
  const known = new Map();
  for (const [id, annotation] of Object.entries(answer || {})) {
    known.set(id, { favourite: annotation.favourite === true, rating: annotation.rating || 0 });
  }
  store.set({ trackAnnotations: known });
}

/** Puts the person's favourite and rating on `track` (from a list that carries none); a no-op
 *  until they are read. */
export function showOwn(store, track) {
  const known = store.get("trackAnnotations");
  if (!known) return track;
  const own = known.get(track.id);
  track.favourite = own?.favourite || undefined;
  track.rating = own?.rating || undefined;
  return track;
}

/** Keeps a change the server confirmed (`{ favourite }` or `{ rating }`) for rows drawn later. */
export function noteTrack(store, id, change) {
  const known = store.get("trackAnnotations");
  if (!known) return;
  known.set(id, { favourite: false, rating: 0, ...known.get(id), ...change });
}
