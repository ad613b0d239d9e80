// Changing one's password: the current one, the new one twice. The server checks the current
// one as a sign-in (throttled) and the new one by its rules; the other sessions end, this one
// stays. A refusal is shown in the dialog, which stays open.
import { api } from "../api.js";
import { h } from "../dom.js";
import { customDialog } from "./dialogs.js";
import { toast } from "./toasts.js";

const MIN_LENGTH = 8;
const MAX_LENGTH = 256;

export function openPasswordChange() {
  return customDialog({
    title: "Change password",
    content: (finish) => {
      const field = (id, label, autocomplete) => {
        const input = h("input", { type: "password", id, name: id, autocomplete, required: true, maxLength: MAX_LENGTH });
        return [input, h("label", { class: "field" }, h("span", { class: "field-label", text: label }), input)];
      };
      const [current, currentField] = field("password-current", "Current password", "current-password");
      const [fresh, freshField] = field("password-new", "New password", "new-password");
      const [again, againField] = field("password-again", "New password again", "new-password");
      fresh.minLength = MIN_LENGTH;
      const error = h("p", { class: "auth-error", id: "password-error", hidden: true, attrs: { role: "alert" } });
      const submit = h("button", { class: "btn primary", type: "submit", id: "password-submit", text: "Change password" });
      const refuse = (message) => {
        error.textContent = message;
        error.hidden = false;
      };
      const form = h("form", { class: "dialog-form", id: "password-form", onsubmit: async (event) => {
        event.preventDefault();
        error.hidden = true;
        if (fresh.value.length < MIN_LENGTH) return refuse(`The new password needs at least ${MIN_LENGTH} characters.`);
        if (fresh.value !== again.value) return refuse("The new passwords are not the same.");
        submit.disabled = true;
        try {
          const result = await api.changePassword(current.value, fresh.value);
          const ended = result?.count ?? 0;
          toast(ended ? `Password changed; ${ended} other session(s) signed out` : "Password changed", "success");
          finish(true);
        } catch (failure) {
          refuse(failure.message || "The password could not be changed.");
          submit.disabled = false;
        }
      } },
        currentField, freshField, againField,
        h("p", { class: "muted small", text: `At least ${MIN_LENGTH} characters. Your other sessions will be signed out; app passwords keep working.` }),
        error,
        h("div", { class: "dialog-actions" },
          h("button", { class: "btn", type: "button", text: "Cancel", onclick: () => finish(null) }), submit));
      return form;
    },
  });
}
