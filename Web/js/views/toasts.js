// Toasts: server `toast` messages, errors, confirmations. No alert().
import { h } from "../dom.js";
import { icon } from "../icons.js";

let region = null;

function ensureRegion() {
  if (!region) {
    region = h("div", { class: "toasts", attrs: { role: "status", "aria-live": "polite" } });
    document.body.append(region);
  }
  return region;
}

/** kind: info | success | warning | error. action: { label, run } adds a button (Undo) that
 *  runs once and closes the toast; such toasts stay longer. */
export function toast(message, kind = "info", { timeout, action } = {}) {
  const text = String(message ?? "").slice(0, 500);
  if (!text) return;
  const box = ensureRegion();
  const button = action ? h("button", { class: "btn small toast-action", type: "button", text: action.label, onclick: () => { dismiss(); action.run(); } }) : null;
  const el = h("div", { class: ["toast", `toast-${kind}`] },
    h("span", { class: "toast-text", text }),
    button,
    h("button", { class: "icon-btn toast-close", attrs: { "aria-label": "Dismiss" }, onclick: () => dismiss() }, icon("close", { size: 16 })));
  const dismiss = () => {
    el.classList.add("leaving");
    setTimeout(() => el.remove(), 200);
  };
  box.append(el);
  while (box.children.length > 5) box.firstElementChild.remove();
  setTimeout(dismiss, timeout ?? (kind === "error" ? 7000 : action ? 10000 : 4000));
}

export function toastError(error, prefix) {
  const message = error?.message || String(error);
  toast(prefix ? `${prefix}: ${message}` : message, "error");
}
