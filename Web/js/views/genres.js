// The genres, by name, each a link to the albums of that genre.
import { api } from "../api.js";
import { h } from "../dom.js";
import { plural } from "../format.js";
import { libraryHref } from "../routes.js";
import { toastError } from "./toasts.js";

export function mountGenres(ctx, container) {
  const list = h("ul", { class: "genre-list", id: "genre-list" }, h("li", { class: "muted", text: "Loading…" }));
  container.append(list);
  api.genres({ limit: 500 }).then((page) => {
    const items = page?.items || [];
    list.replaceChildren(...items.map((genre) => h("li", {},
      h("a", { class: "genre-link", href: libraryHref("albums", null, { genre: genre.id }), dataset: { id: genre.id } },
        h("span", { class: "genre-name", text: genre.name }),
        h("span", { class: "muted small", text: `${plural(genre.albumCount || 0, "album")} · ${plural(genre.trackCount || 0, "track")}` })))));
    if (!items.length) list.append(h("li", { class: "muted", text: "No genres: tag some music." }));
  }, (error) => toastError(error, "Genres"));
  return {};
}
