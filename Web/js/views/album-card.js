// An album as a card (cover, name, artist and year) linking to its page; a grey card while its
// page of the list is still loading.
import { coverArt } from "../covers.js";
import { h } from "../dom.js";
import { albumArtist, albumName } from "../format.js";
import { libraryHref } from "../routes.js";

/** The width a card shows at in the grids (for the cover's `sizes`). */
export const CARD_COVER_SIZES = "(max-width: 800px) 45vw, 200px";

export function albumCard(album, { sizes = CARD_COVER_SIZES } = {}) {
  const meta = [albumArtist(album), album.year].filter(Boolean).join(" · ");
  return h("a", { class: ["album-card", !album.coverId && "no-cover"], href: libraryHref("album", album.id), dataset: { id: album.id }, attrs: { role: "listitem", "aria-label": `${albumName(album)} by ${albumArtist(album)}` } },
    coverArt(album.coverId, { sizes, seed: album.name || album.id, className: "card-cover", iconSize: 36 }),
    h("span", { class: "card-title", text: albumName(album) }),
    h("span", { class: "card-sub", text: meta }));
}

export function albumSkeleton() {
  return h("div", { class: "album-card skeleton", attrs: { role: "listitem", "aria-hidden": "true" } },
    h("span", { class: "cover-art card-cover" }), h("span", { class: "card-title", text: "\u00a0" }), h("span", { class: "card-sub", text: "\u00a0" }));
}

/** A few albums as a plain grid (an artist's albums, search results, recently added). */
export function albumGrid(albums, { id, label, emptyText = "No albums." } = {}) {
  if (!albums.length) return h("p", { class: "muted small", id, text: emptyText });
  return h("div", { class: "card-grid", id, attrs: { role: "list", "aria-label": label } }, albums.map((album) => albumCard(album)));
}
