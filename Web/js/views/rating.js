// Stars: this person's rating of a track, album or artist — one to five, or none. One control is
// one tab stop, a slider from 0 (not rated) to 5: ←/↓ and →/↑ step, 1–5 set, 0, Delete or
// Backspace clear, Home none, End five. A click on a star rates that many; a click on the star
// already rated clears it (as in Navidrome and Plex). The change shows at once and goes to the
// server once the keys stop (one request for a run of presses); every control for the same item
// on the page then shows the answer. Guests keep no ratings, so they get no control.
import { api } from "../api.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { noteTrack } from "../track-annotations.js";
import { keepsAnnotations } from "./favourite.js";
import { toastError } from "./toasts.js";

const SETTLE_MS = 350;

/** "Not rated" or "3 stars". */
export function ratingText(rating) {
  return rating ? `${rating} star${rating === 1 ? "" : "s"}` : "Not rated";
}

const normal = (value) => (Number.isInteger(value) && value >= 1 && value <= 5 ? value : 0);

/** Shows `rating` on every control for (kind, id) on the page, `except` one. */
function showEverywhere(kind, id, rating, except) {
  for (const el of document.querySelectorAll(`.rating[data-kind="${kind}"][data-id="${CSS.escape(id)}"]`)) {
    if (el !== except) el.ratingControl?.show(rating, { confirmed: true });
  }
}

/**
 * A star control for `item` (it needs `id`; its `rating` is the starting value and is kept up to
 * date) of `kind` ("tracks", "albums", "artists"); `name` is what the label calls it. Null for a
 * guest. The element's `ratingControl.setItem(item)` points it at another item (now playing).
 */
export function ratingControl(ctx, kind, item, name, { id, className, size = 16 } = {}) {
  if (!keepsAnnotations(ctx.store)) return null;
  let current = item ? normal(item.rating) : 0; // what the control shows
  let confirmed = current; // what the server last said
  let timer = 0;
  let preview = 0;

  const stars = [1, 2, 3, 4, 5].map((value) => h("span", { class: "star", dataset: { value } }, icon("star", { size })));
  const el = h("div", {
    class: ["rating", className], id, tabIndex: 0,
    attrs: { role: "slider", "aria-valuemin": 0, "aria-valuemax": 5 },
  }, stars);

  function paint() {
    const lit = preview || current;
    stars.forEach((star, index) => {
      star.classList.toggle("on", index < lit);
      star.classList.toggle("preview", preview > 0);
    });
    el.classList.toggle("rated", current > 0);
    el.setAttribute("aria-valuenow", String(current));
    el.setAttribute("aria-valuetext", ratingText(current));
    el.title = current ? `Rated ${ratingText(current)} — click the star again to clear` : `Rate ${name}`;
  }

  function label() {
    el.setAttribute("aria-label", `Rating of ${name}`);
    if (item) el.dataset.id = item.id;
    el.dataset.kind = kind;
  }

  function show(rating, { confirmed: fromServer = false } = {}) {
    current = normal(rating);
    if (fromServer) {
      confirmed = current;
      if (item) item.rating = current || undefined;
    }
    paint();
  }

  function choose(rating) {
    if (!item) return;
    show(rating);
    clearTimeout(timer);
    timer = setTimeout(save, SETTLE_MS);
  }

  async function save() {
    const target = item;
    const wanted = current;
    if (!target || wanted === confirmed) return;
    try {
      const answer = await api.setRating(kind, target.id, wanted);
      if (target !== item) return;
      const rating = normal(answer?.rating);
      target.rating = rating || undefined;
      if (kind === "tracks") noteTrack(ctx.store, target.id, { rating });
      confirmed = rating;
      if (current === wanted) show(rating);
      showEverywhere(kind, target.id, rating, el);
    } catch (error) {
      toastError(error, "Rating");
      if (target === item) show(confirmed);
    }
  }

  el.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    let next = null;
    if (key === "ArrowRight" || key === "ArrowUp") next = Math.min(5, current + 1);
    else if (key === "ArrowLeft" || key === "ArrowDown") next = Math.max(0, current - 1);
    else if (key === "Home" || key === "0" || key === "Delete" || key === "Backspace") next = 0;
    else if (key === "End") next = 5;
    else if (/^[1-5]$/.test(key)) next = Number(key);
    if (next === null) return;
    event.preventDefault(); // not the page's shortcuts (← and → seek)
    event.stopPropagation();
    if (next !== current) choose(next);
  });
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    const star = event.target.closest(".star");
    if (!star) return;
    const value = Number(star.dataset.value);
    preview = 0;
    choose(value === current ? 0 : value);
  });
  el.addEventListener("dblclick", (event) => event.stopPropagation());
  el.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse") return;
    const star = event.target.closest(".star");
    const value = star ? Number(star.dataset.value) : 0;
    if (value !== preview) { preview = value; paint(); }
  });
  el.addEventListener("pointerleave", () => { if (preview) { preview = 0; paint(); } });
  el.addEventListener("blur", () => { if (timer) { clearTimeout(timer); timer = 0; save(); } });

  el.ratingControl = {
    show,
    /** Points the control at another item (null: nothing to rate, the control is disabled). */
    setItem(next, nextName = name) {
      if (timer) { clearTimeout(timer); timer = 0; save(); }
      item = next;
      name = nextName;
      current = confirmed = next ? normal(next.rating) : 0;
      el.setAttribute("aria-disabled", String(!next));
      el.tabIndex = next ? 0 : -1;
      label();
      paint();
    },
  };
  label();
  paint();
  return el;
}

/** A control for a track row: the track, its title. */
export function trackRating(ctx, track, title) {
  return ratingControl(ctx, "tracks", track, title, { className: "tr-rating", size: 14 });
}
