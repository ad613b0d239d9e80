// Inline SVG icons (24×24, stroke-based) built with createElementNS; no markup strings.
import { svg } from "./dom.js";

const PATHS = {
  play: ["M7 4.5v15l13-7.5z"],
  pause: ["M7 4h3.5v16H7z", "M13.5 4H17v16h-3.5z"],
  prev: ["M6 5v14", "M19 5 9 12l10 7z"],
  next: ["M18 5v14", "M5 5l10 7-10 7z"],
  back: ["M11 6 5 12l6 6", "M19 6l-6 6 6 6"],
  forward: ["M13 6l6 6-6 6", "M5 6l6 6-6 6"],
  plus: ["M12 5v14", "M5 12h14"],
  playNext: ["M4 6h10", "M4 12h10", "M4 18h6", "M16 15l5 3-5 3z"],
  trash: ["M4 7h16", "M9 7V4h6v3", "M6 7l1 13h10l1-13"],
  grip: ["M9 6h.01", "M15 6h.01", "M9 12h.01", "M15 12h.01", "M9 18h.01", "M15 18h.01"],
  upload: ["M12 16V4", "M7 9l5-5 5 5", "M4 20h16"],
  search: ["M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z", "M20 20l-4.8-4.8"],
  close: ["M6 6l12 12", "M18 6 6 18"],
  share: ["M8.6 13.5l6.8 4", "M15.4 6.5l-6.8 4", "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
  copy: ["M9 9h11v11H9z", "M5 15H4V4h11v1"],
  edit: ["M4 20h4L19 9l-4-4L4 16z", "M13.5 6.5l4 4"],
  list: ["M8 6h12", "M8 12h12", "M8 18h12", "M4 6h.01", "M4 12h.01", "M4 18h.01"],
  music: ["M9 18V5l11-2v13", "M6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M17 19a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
  link: ["M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1", "M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1"],
  refresh: ["M20 11a8 8 0 1 0-2.3 5.7", "M20 4v7h-7"],
  volume: ["M4 9h4l5-4v14l-5-4H4z", "M16 9a4 4 0 0 1 0 6", "M18.5 6.5a8 8 0 0 1 0 11"],
  mute: ["M4 9h4l5-4v14l-5-4H4z", "M17 9l5 6", "M22 9l-5 6"],
  user: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21a8 8 0 0 1 16 0"],
  logout: ["M15 4h4v16h-4", "M10 8l-4 4 4 4", "M6 12h10"],
  storage: ["M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z", "M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6", "M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"],
  rooms: ["M4 10a8 8 0 0 1 16 0", "M7.5 10a4.5 4.5 0 0 1 9 0", "M12 10v11"],
  download: ["M12 4v12", "M7 11l5 5 5-5", "M4 20h16"],
  photo: ["M4 5h16v14H4z", "M4 16l5-5 4 4 2-2 5 5", "M15.5 9.5h.01"],
  video: ["M4 6h11v12H4z", "M15 10l5-3v10l-5-3"],
  sync: ["M4 12a8 8 0 0 1 14-5.3L20 9", "M20 4v5h-5", "M20 12a8 8 0 0 1-14 5.3L4 15", "M4 20v-5h5"],
  headphones: ["M4 15v-3a8 8 0 0 1 16 0v3", "M4 15h3v6H4z", "M17 15h3v6h-3z"],
  palette: ["M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.6-.4-1 0-.8.7-1.5 1.5-1.5H16a5 5 0 0 0 5-5c0-4.4-4-8-9-8z", "M7.5 11.5h.01", "M10.5 7.5h.01", "M15.5 8.5h.01"],
  lock: ["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4", "M12 15v2"],
  heart: ["M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"],
  star: ["M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z"],
  playlist: ["M4 6h11", "M4 12h11", "M4 18h7", "M18 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4z", "M20 18V8h2"],
};

export function icon(name, { size = 20, label } = {}) {
  const paths = PATHS[name] || PATHS.music;
  const filled = name === "play" || name === "pause" || name === "prev" || name === "next" || name === "playNext";
  const el = svg("svg", {
    viewBox: "0 0 24 24", width: size, height: size, fill: "none", stroke: "currentColor",
    "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round", class: "icon",
    "aria-hidden": label ? "false" : "true",
  });
  for (const d of paths) {
    const closed = filled && d.trim().endsWith("z");
    el.append(svg("path", { d, fill: closed ? "currentColor" : "none" }));
  }
  if (label) el.append(svg("title", {}, label));
  return el;
}
