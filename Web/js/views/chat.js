// The room's chat: its latest messages (as text, never markup), a box to write one (Enter sends,
// Shift+Enter breaks the line), and Delete on one's own messages — on every one for the room's
// owner and admins. The server checks all of it again.
import { h } from "../dom.js";
import { icon } from "../icons.js";

const MAX = 500;

export function mountChat(ctx, pane) {
  const { store, controls } = ctx;
  const list = h("ol", { class: "chat-list", id: "chat-list", attrs: { "aria-live": "polite", "aria-label": "Chat messages" } });
  const input = h("textarea", { class: "chat-input", id: "chat-input", attrs: { rows: "2", maxlength: String(MAX), "aria-label": "Message to the room", placeholder: "Say something to the room" } });
  const left = h("span", { class: "muted small chat-left", id: "chat-left" });
  const form = h("form", { class: "chat-form", id: "chat-form" }, input,
    h("div", { class: "chat-form-row" }, left, h("button", { class: "btn small primary", type: "submit", id: "chat-send", text: "Send" })));
  pane.append(h("div", { class: "pane-head" }, h("h2", { class: "pane-title", text: "Chat" })), list, form);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && controls.sayInRoom(text)) input.value = "";
    showLeft();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  input.addEventListener("input", showLeft);

  function showLeft() {
    const remaining = MAX - [...input.value].length;
    left.textContent = remaining < 100 ? `${remaining} left` : "";
  }

  function mayDelete(message) {
    const user = store.get("user");
    if (!user || user.isGuest) return false;
    return message.userId === user.id || store.mayEdit(store.get("room")?.owner);
  }

  function row(message) {
    const sent = new Date(message.sentAt);
    const remove = mayDelete(message)
      ? h("button", { class: "icon-btn small chat-delete", type: "button", title: "Delete this message", attrs: { "aria-label": `Delete ${message.displayName || message.username}'s message` }, onclick: () => controls.deleteChatMessage(message.id) }, icon("trash", { size: 14 }))
      : null;
    return h("li", { class: "chat-message", dataset: { id: message.id } },
      h("div", { class: "chat-meta" },
        h("span", { class: "chat-author", text: message.displayName || message.username, title: message.displayName ? message.username : "" }),
        h("time", { class: "muted small", attrs: { datetime: sent.toISOString() }, text: sent.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) }),
        remove),
      h("p", { class: "chat-text", text: message.text }));
  }

  function render() {
    const messages = store.get("chat") || [];
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...messages.map(row));
    if (!messages.length) list.append(h("li", { class: "muted chat-empty", text: "No messages yet. Say hello." }));
    if (atEnd) list.scrollTop = list.scrollHeight; // keep to the newest unless the reader scrolled up
  }

  ctx.track(store.on("chat", render));
  // Who may delete depends on the room's owner: drawn again when that changes, not on every state.
  let owner = store.get("room")?.owner;
  ctx.track(store.on("room", () => {
    const next = store.get("room")?.owner;
    if (next !== owner) { owner = next; render(); }
  }));
  render();
}
