// The few addresses the app understands: `#/shared/<token>` or `?shared=<token>` opens a shared
// playlist; `#/room/<id>` (an invite link; `?invite=<token>` for a private room) opens a room,
// after signing in or as a guest when the server allows guests; `#/<tab>` remembers the phone tab.

export function sharedTokenFromUrl() {
  const hash = window.location.hash.match(/^#\/shared\/([^/?#]+)/);
  if (hash) return decodeURIComponent(hash[1]);
  const query = new URLSearchParams(window.location.search).get("shared");
  return query || null;
}

export function clearSharedRoute() {
  if (!sharedTokenFromUrl()) return;
  const url = new URL(window.location.href);
  url.searchParams.delete("shared");
  url.hash = "";
  history.replaceState(null, "", url.pathname + url.search);
}

const ROOM_LINK = /^#\/room\/([^/?#]+)(?:\?([^#]*))?$/;

/** The room an invite link names, or null. */
export function roomFromUrl(hash = window.location.hash) {
  const match = hash.match(ROOM_LINK);
  return match ? decodeURIComponent(match[1]) : null;
}

/** A private room's invite token from its link, or null. */
export function inviteFromUrl(hash = window.location.hash) {
  const match = hash.match(ROOM_LINK);
  return (match && new URLSearchParams(match[2] || "").get("invite")) || null;
}

export function clearRoomRoute() {
  if (!roomFromUrl()) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
}

/** The link that brings someone into a room (a private one's carries its token). */
export function roomLink(id, invite = null) {
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  return `${window.location.origin}/#/room/${encodeURIComponent(id)}${query}`;
}

export function shareLink(token) {
  return `${window.location.origin}/#/shared/${encodeURIComponent(token)}`;
}

// The library's views: `#/library` (the start view), `#/albums?sort=&genre=`, `#/album/<id>`,
// `#/artists?sort=`, `#/artist/<id>`, `#/genres`, `#/tracks`, `#/favourites`, `#/books`,
// `#/book/<id>`, `#/podcasts`, `#/podcast/<id>`, `#/photos?trash=1`. Links are real
// `<a href>`s, so the browser's Back, middle-click and the keyboard work on them.
const LIBRARY_VIEWS = ["library", "albums", "album", "artists", "artist", "genres", "tracks", "favourites", "books", "book", "podcasts", "podcast", "photos"];
const DETAIL_VIEWS = ["album", "artist", "book", "podcast"]; // the views that name one item

/** { view, id, params } for a library address, or null for any other. */
export function libraryRoute(hash = window.location.hash) {
  const match = hash.match(/^#\/([a-z]+)(?:\/([^/?#]+))?(?:\?([^#]*))?$/);
  if (!match || !LIBRARY_VIEWS.includes(match[1])) return null;
  const [, view, id, search] = match;
  if (DETAIL_VIEWS.includes(view) !== !!id) return null;
  return { view, id: id ? decodeURIComponent(id) : null, params: Object.fromEntries(new URLSearchParams(search || "")) };
}

export function libraryHref(view, id = null, params = {}) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ""));
  return `#/${view}${id ? `/${encodeURIComponent(id)}` : ""}${query.size ? `?${query}` : ""}`;
}
