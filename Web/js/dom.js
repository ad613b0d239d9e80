// Building DOM without HTML strings. Text (tags, file names, room names — all attacker-controlled)
// only ever becomes a Text node or a property value, never markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * h("button", { class: "btn", onclick: fn, dataset: { id }, attrs: { "aria-label": "Play" } }, "Play")
 * Children: strings (as text), nodes, arrays, null/false (skipped).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  applyProps(el, props);
  append(el, children);
  return el;
}

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  append(el, children);
  return el;
}

function applyProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") el.textContent = String(value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "attrs") for (const [n, v] of Object.entries(value)) { if (v !== undefined && v !== null && v !== false) el.setAttribute(n, String(v)); }
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el[key] = value;
  }
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces every child of `el` with `children`. */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Shows or hides with the `hidden` attribute (CSS keeps [hidden] hidden). */
export function show(el, visible) {
  if (el) el.hidden = !visible;
}
