// Profile: the name others see instead of one's username (empty: the username). The server
// trims it and keeps it to 64 characters; a refusal is shown in the dialog, which stays open.
import { api } from "../api.js";
import { h } from "../dom.js";
import { customDialog } from "./dialogs.js";
import { toast } from "./toasts.js";

const MAX_LENGTH = 64;

/** How a person is shown: their display name, else their username. */
export const shownName = (user) => user?.displayName || user?.username || "";

export function openProfile(ctx) {
  const { store } = ctx;
  const user = store.get("user");
  return customDialog({
    title: "Profile",
    content: (finish) => {
      const input = h("input", { type: "text", id: "profile-display-name", name: "displayName", maxLength: MAX_LENGTH, value: user.displayName ?? "", placeholder: user.username, autocomplete: "nickname" });
      const error = h("p", { class: "auth-error", id: "profile-error", hidden: true, attrs: { role: "alert" } });
      const submit = h("button", { class: "btn primary", type: "submit", id: "profile-submit", text: "Save" });
      return h("form", { class: "dialog-form", id: "profile-form", onsubmit: async (event) => {
        event.preventDefault();
        error.hidden = true;
        submit.disabled = true;
        try {
          const answer = await api.changeProfile(input.value);
          // The same object, so what holds it (annotations loading) still sees this person.
          Object.assign(user, { displayName: answer?.user?.displayName ?? undefined });
          store.set({ user });
          toast(user.displayName ? `You are shown as ${user.displayName}` : "You are shown by your username", "success");
          finish(true);
        } catch (failure) {
          error.textContent = failure.message || "The profile could not be saved.";
          error.hidden = false;
          submit.disabled = false;
        }
      } },
        h("p", { class: "muted small" }, "Username: ", h("strong", { text: user.username }), " (you sign in with it; it does not change)"),
        h("label", { class: "field" }, h("span", { class: "field-label", text: "Display name" }), input),
        h("p", { class: "muted small", text: `What others see instead of your username, up to ${MAX_LENGTH} characters. Leave it empty to be shown by your username.` }),
        error,
        h("div", { class: "dialog-actions" },
          h("button", { class: "btn", type: "button", text: "Cancel", onclick: () => finish(null) }), submit));
    },
  });
}
