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

/** kind: info | success | warning | error */
export function toast(message, kind = "info", { timeout } = {}) {
  const text = String(message ?? "").slice(0, 500);
  if (!text) return;
  const box = ensureRegion();
  const el = h("div", { class: ["toast", `toast-${kind}`] },
    h("span", { class: "toast-text", text }),
    h("button", { class: "icon-btn toast-close", attrs: { "aria-label": "Dismiss" }, onclick: () => dismiss() }, icon("close", { size: 16 })));
  const dismiss = () => {
    el.classList.add("leaving");
    setTimeout(() => el.remove(), 200);
  };
  box.append(el);
  while (box.children.length > 5) box.firstElementChild.remove();
  setTimeout(dismiss, timeout ?? (kind === "error" ? 7000 : 4000));
}

export function toastError(error, prefix) {
  const message = error?.message || String(error);
  toast(prefix ? `${prefix}: ${message}` : message, "error");
}
