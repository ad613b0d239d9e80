// Cover art: an <img loading=lazy> from /api/covers over a generated gradient. The browser picks
// the variant (64–512 px) for the size the layout gives it (`sizes`) and the screen's density;
// without a cover, or when one fails to load, the gradient (hued by album) stays.
import { coverUrl } from "./api.js";
import { h } from "./dom.js";
import { hueOf } from "./format.js";
import { icon } from "./icons.js";

const VARIANTS = [64, 128, 256, 512];

/** coverId: Track.coverId or Album.coverId (null for none); sizes: the CSS width it shows at;
 *  seed: what the placeholder's hue comes from (album name, artist). */
export function coverArt(coverId, { sizes = "40px", seed = "", className = "", iconSize = 18 } = {}) {
  const box = h("span", { class: ["cover-art", className], attrs: { "aria-hidden": "true" } }, icon("music", { size: iconSize }));
  setCover(box, coverId, { sizes, seed });
  return box;
}

/** Points an existing coverArt box at another cover (now playing, the mini player). */
export function setCover(box, coverId, { sizes = "40px", seed = "" } = {}) {
  box.style.setProperty("--hue", String(hueOf(seed || coverId || "")));
  const current = box.querySelector("img");
  if (current && current.dataset.cover === coverId) return;
  current?.remove();
  box.classList.toggle("has-cover", !!coverId);
  if (!coverId) return;
  const img = h("img", {
    alt: "", loading: "lazy", decoding: "async", draggable: false,
    src: coverUrl(coverId, 256),
    srcset: VARIANTS.map((size) => `${coverUrl(coverId, size)} ${size}w`).join(", "),
    sizes, dataset: { cover: coverId },
  });
  img.addEventListener("error", () => {
    img.remove();
    box.classList.remove("has-cover");
  }, { once: true });
  box.append(img);
}

/** The media session's artwork list: every variant, as JPEG (what system players all read). */
export function artwork(coverId) {
  if (!coverId) return [];
  return VARIANTS.map((size) => ({ src: new URL(coverUrl(coverId, size, "jpeg"), window.location.href).href, sizes: `${size}x${size}`, type: "image/jpeg" }));
}
