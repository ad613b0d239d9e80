// App passwords: what podcast apps (AntennaPod, gPodder, Kasts) and other apps sign in with, so
// the account's own password stays in the browser. Each is shown once, when made; revoking one
// signs out every app that used it.
import { api } from "../api.js";
import { copyField } from "../clipboard.js";
import { h } from "../dom.js";
import { confirmDialog, customDialog } from "./dialogs.js";
import { toastError } from "./toasts.js";

function when(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function openAppPasswords(ctx) {
  const user = ctx.store.get("user");
  return customDialog({
    title: "App passwords",
    wide: true,
    content: () => {
      const list = h("ul", { class: "app-password-list", id: "app-password-list" });
      const reveal = h("div", { class: "app-password-new", id: "app-password-new", hidden: true });
      const name = h("input", { type: "text", id: "app-password-name", maxLength: 100, placeholder: "AntennaPod on my phone", autocomplete: "off", attrs: { "aria-label": "What the app password is for" } });
      const form = h("form", { class: "app-password-form" }, name,
        h("button", { class: "btn primary", type: "submit", id: "app-password-create", text: "Make one" }));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const label = name.value.trim();
        if (!label) return name.focus();
        try {
          const made = await api.createAppPassword(label);
          name.value = "";
          showSecret(made);
          await refresh();
        } catch (error) {
          toastError(error, "App password");
        }
      });

      function showSecret(made) {
        const secret = h("input", { type: "text", class: "share-input", id: "app-password-secret", readOnly: true, value: made.password, attrs: { "aria-label": "The new app password" } });
        reveal.replaceChildren(
          h("p", { text: `The password for “${made.appPassword.name}”. Copy it into the app now: it is not shown again.` }),
          h("div", { class: "share-box" }, secret,
            h("button", { class: "btn small", type: "button", text: "Copy", onclick: () => copyField(secret, "App password copied") })));
        reveal.hidden = false;
        secret.select();
      }

      async function revoke(entry) {
        const sure = await confirmDialog({ title: `Revoke “${entry.name}”?`, message: "Apps signed in with it are signed out and must be given a new one.", confirmLabel: "Revoke", danger: true });
        if (!sure) return;
        try {
          await api.revokeAppPassword(entry.id);
          await refresh();
        } catch (error) {
          toastError(error, "Revoke");
        }
      }

      async function refresh() {
        let entries;
        try {
          entries = (await api.appPasswords()).appPasswords;
        } catch (error) {
          list.replaceChildren(h("li", { class: "muted", text: "Could not load app passwords." }));
          return toastError(error, "App passwords");
        }
        list.replaceChildren(...entries.map((entry) => h("li", { class: "app-password", dataset: { id: entry.id } },
          h("span", { class: "app-password-name", text: entry.name }),
          h("span", { class: "muted small", text: entry.lastUsedAt ? `made ${when(entry.createdAt)} · last used ${when(entry.lastUsedAt)}` : `made ${when(entry.createdAt)} · not used yet` }),
          h("button", { class: "btn small ghost", type: "button", dataset: { act: "revoke" }, text: "Revoke", onclick: () => revoke(entry) }))));
        if (!entries.length) list.append(h("li", { class: "muted", text: "None yet." }));
      }
      refresh();
      return h("div", { class: "app-passwords" },
        h("p", { class: "muted", text: `Podcast apps sync with this server's gPodder API: give them the address ${window.location.origin}, your name “${user.username}” and an app password made here.` }),
        form, reveal, list);
    },
  });
}
