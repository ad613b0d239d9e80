// The account menu's Users (admins): every account — its display name, role, whether it may sign
// in, when it was last seen — with its role changed or the account disabled in place (its
// sessions end), and new accounts made (also while sign-up is closed).
import { api } from "../api.js";
import { h } from "../dom.js";
import { customDialog } from "./dialogs.js";
import { toast, toastError } from "./toasts.js";

const when = (seconds) => new Date(seconds * 1000).toLocaleString();

function accountRow(account, me, reload) {
  const change = async (control, body, done) => {
    control.disabled = true;
    try {
      await api.changeUser(account.id, body);
      toast(done, "success");
    } catch (error) {
      toastError(error, "Change account");
    }
    reload();
  };
  const label = `${account.username}'s role`;
  const role = h("select", { class: "select account-role", attrs: { "aria-label": label } },
    ["user", "admin"].map((value) => h("option", { value, text: value === "admin" ? "Admin" : "Member", selected: account.role === value })));
  role.addEventListener("change", () => change(role, { role: role.value }, `${account.username} is now ${role.value === "admin" ? "an admin" : "a member"}`));
  const itsMe = account.id === me.id;
  const toggle = h("button", { class: "btn small", type: "button", text: account.disabled ? "Enable" : "Disable", disabled: itsMe,
    title: itsMe ? "You cannot disable your own account" : "",
    attrs: { "aria-label": `${account.disabled ? "Enable" : "Disable"} ${account.username}` },
    onclick: () => change(toggle, { disabled: !account.disabled }, account.disabled ? `${account.username} may sign in again` : `${account.username} is disabled and signed out`) });
  return h("li", { class: "session-row account-row", dataset: { username: account.username } },
    h("div", { class: "session-text" },
      h("strong", { text: account.displayName ? `${account.displayName} (${account.username})` : account.username }),
      h("span", { class: "muted small", text: `${account.disabled ? "Disabled · " : ""}since ${when(account.createdAt)} · ${account.lastSeenAt ? `last seen ${when(account.lastSeenAt)}` : "not signed in now"}` })),
    role, toggle);
}

function newAccountForm(reload) {
  const username = h("input", { type: "text", id: "new-account-name", name: "username", required: true, maxLength: 32, autocomplete: "off" });
  const password = h("input", { type: "password", id: "new-account-password", name: "password", required: true, minLength: 8, maxLength: 256, autocomplete: "new-password" });
  const role = h("select", { class: "select", id: "new-account-role", name: "role" }, h("option", { value: "user", text: "Member" }), h("option", { value: "admin", text: "Admin" }));
  const error = h("p", { class: "auth-error", id: "new-account-error", hidden: true, attrs: { role: "alert" } });
  const submit = h("button", { class: "btn primary", type: "submit", id: "new-account-submit", text: "Add account" });
  const form = h("form", { class: "dialog-form", id: "new-account-form", onsubmit: async (event) => {
    event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    try {
      const made = await api.createUser({ username: username.value, password: password.value, role: role.value });
      toast(`${made.username} can sign in now`, "success");
      form.reset();
      reload();
    } catch (failure) {
      error.textContent = failure.message || "The account could not be made.";
      error.hidden = false;
    } finally {
      submit.disabled = false;
    }
  } },
    h("h3", { class: "field-label", text: "Add an account" }),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Username" }), username),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Password (tell it to them; they can change it)" }), password),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Role" }), role),
    error,
    h("div", { class: "dialog-actions" }, submit));
  return form;
}

export function openUsersPanel(ctx) {
  const me = ctx.store.get("user");
  return customDialog({
    title: "Users",
    wide: true,
    content: () => {
      const list = h("ul", { class: "session-list", id: "account-list" }, h("li", { class: "muted", text: "Reading…" }));
      const load = async () => {
        try {
          const accounts = await api.adminUsers();
          list.replaceChildren(...accounts.map((account) => accountRow(account, me, load)));
        } catch (error) {
          list.replaceChildren(h("li", { class: "auth-error", text: error.message }));
        }
      };
      load();
      return h("div", { class: "diag" },
        h("p", { class: "muted small", text: "A changed role or a disabled account is signed out at once. The server always keeps one admin." }),
        list, newAccountForm(load));
    },
  });
}
