// The heart: makes a track, album or artist one of this person's favourites (or not). Guests keep
// no favourites, so they get no heart. The item's `favourite` field (the server's, for the
// signed-in person) is kept up to date, so a list redrawn later shows the same.
import { api } from "../api.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { noteTrack } from "../track-annotations.js";
import { toastError } from "./toasts.js";

/** Does this user keep favourites, ratings and plays? */
export function keepsAnnotations(store) {
  const user = store.get("user");
  return !!user && !user.isGuest;
}

const label = (name, on) => (on ? `Remove ${name} from favourites` : `Add ${name} to favourites`);

/** Shows `on` on a heart button. */
export function setHeart(button, name, on) {
  button.classList.toggle("on", on);
  button.setAttribute("aria-pressed", String(on));
  button.setAttribute("aria-label", label(name, on));
  button.title = label(name, on);
}

/** A heart button for `item` of `kind` ("tracks", "albums", "artists"), or null for a guest.
 *  Its `heart.setItem(item, name)` points it at another item (now playing; null disables it). */
export function heartButton(ctx, kind, item, name, { id, small = true } = {}) {
  if (!keepsAnnotations(ctx.store)) return null;
  const button = h("button", { class: ["icon-btn heart", small && "small"], type: "button", id, dataset: { act: "fav", kind } }, icon("heart", { size: 16 }));
  const point = (next, nextName) => {
    item = next;
    name = nextName;
    button.disabled = !item;
    if (item) button.dataset.id = item.id;
    else delete button.dataset.id;
    setHeart(button, name, item?.favourite === true);
  };
  point(item, name);
  button.heart = { setItem: point, show: (on) => { if (item) item.favourite = on || undefined; setHeart(button, name, on); } };
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    if (item) toggleFavourite(ctx, item, kind, button, name);
  });
  return button;
}

/** Flips the item's favourite on the server, showing the answer on `button`, on every other
 *  heart for the same item on the page, and on rows drawn later (a track's). */
async function toggleFavourite(ctx, item, kind, button, name) {
  const on = item.favourite !== true;
  setHeart(button, name, on);
  try {
    const answer = await api.setFavourite(kind, item.id, on);
    item.favourite = answer?.favourite === true ? true : undefined;
    if (kind === "tracks") noteTrack(ctx.store, item.id, { favourite: item.favourite === true });
  } catch (error) {
    toastError(error, "Favourites");
  }
  // Every heart for the item, this one included unless it shows another item by now (now playing).
  for (const heart of document.querySelectorAll(`.heart[data-kind="${kind}"][data-id="${CSS.escape(item.id)}"]`)) {
    if (heart === button) setHeart(button, name, item.favourite === true);
    else heart.heart?.show(item.favourite === true);
  }
  if (!button.isConnected && button.dataset.id === item.id) setHeart(button, name, item.favourite === true);
}
