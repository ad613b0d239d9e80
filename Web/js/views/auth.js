// Sign in, create an account, or continue as a guest (when the server allows it). Also shows why
// the last session ended (kicked by another session, expired).
import { api } from "../api.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";

export function mountAuth(root, { status, notice, invite, onSignedIn, onGuest }) {
  let mode = "login";
  // The rules are the server's (`/api/status`), so the hint says what sign-up enforces.
  const rules = { usernameMaxLength: 32, passwordMinLength: 8, passwordMaxLength: 256, ...status?.credentials };
  const username = h("input", { type: "text", id: "auth-username", name: "username", autocomplete: "username", required: true, maxLength: 64, spellcheck: false, autocapitalize: "none" });
  const password = h("input", { type: "password", id: "auth-password", name: "password", autocomplete: "current-password", required: true, maxLength: rules.passwordMaxLength });
  const error = h("p", { class: "auth-error", id: "auth-error", hidden: true, attrs: { role: "alert" } });
  const submit = h("button", { class: "btn primary wide", type: "submit", id: "auth-submit", text: "Sign in" });
  // Tabs as screen readers know them: one tab stop, ← and → switch.
  const tab = (id, text, next) => h("button", {
    class: "auth-tab", type: "button", id, text, onclick: () => setMode(next),
    attrs: { role: "tab", "aria-controls": "auth-form" },
    onkeydown: (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      setMode(mode === "login" ? "signup" : "login");
      (mode === "login" ? loginTab : signupTab).focus();
    },
  });
  const loginTab = tab("tab-login", "Sign in", "login");
  const signupTab = tab("tab-signup", "Create account", "signup");
  const hint = h("p", {
    class: "muted small auth-hint", id: "auth-hint", hidden: true,
    text: `Usernames: up to ${rules.usernameMaxLength} characters — spaces and signs are fine, in one alphabet. Passwords: at least ${rules.passwordMinLength} characters.`,
  });

  const form = h("form", { class: "auth-form", id: "auth-form", onsubmit: submitForm },
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Username" }), username),
    h("label", { class: "field" }, h("span", { class: "field-label", text: "Password" }), password),
    hint, error, submit);

  const guest = status?.allowGuests
    ? h("div", { class: "auth-guest" }, h("span", { class: "or", text: "or" }),
      h("button", { class: "btn wide", type: "button", id: "auth-guest", onclick: onGuest }, icon("headphones", { size: 18 }), h("span", { text: "Continue as guest" })),
      h("p", { class: "muted small", text: "Guests listen along; they cannot control playback or the queue." }))
    : null;

  const card = h("div", { class: "auth-card" },
    h("div", { class: "auth-brand" }, h("span", { class: "brand-mark large" }, icon("sync", { size: 28 })), h("h1", { text: "Blastoise" })),
    h("p", { class: "auth-tagline muted", text: "Listen together, in sync." }),
    notice ? h("div", { class: "notice", id: "auth-notice", attrs: { role: "alert" } }, h("strong", { text: "Signed out. " }), h("span", { text: notice })) : null,
    invite ? h("div", { class: "notice", id: "auth-invite" }, h("span", { text: invite })) : null,
    status?.allowSignup ? h("div", { class: "auth-tabs", attrs: { role: "tablist" } }, loginTab, signupTab) : null,
    form,
    guest);
  const screen = h("div", { class: "auth-screen" }, card);
  root.append(screen);
  if (status?.allowSignup) {
    form.setAttribute("role", "tabpanel");
    setMode("login");
  }
  username.focus();

  function setMode(next) {
    mode = next;
    for (const [button, own] of [[loginTab, "login"], [signupTab, "signup"]]) {
      button.classList.toggle("active", mode === own);
      button.setAttribute("aria-selected", String(mode === own));
      button.tabIndex = mode === own ? 0 : -1;
    }
    submit.textContent = mode === "login" ? "Sign in" : "Create account";
    password.autocomplete = mode === "login" ? "current-password" : "new-password";
    hint.hidden = mode === "login";
    error.hidden = true;
  }

  async function submitForm(event) {
    event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    try {
      const call = mode === "login" ? api.login : api.signup;
      const result = await call(username.value.trim(), password.value);
      if (!result?.user) throw new Error("The server did not sign you in");
      screen.remove();
      onSignedIn(result.user);
    } catch (err) {
      error.textContent = err.status === 401 ? "Wrong username or password." : err.message;
      error.hidden = false;
      password.select();
    } finally {
      submit.disabled = false;
    }
  }

  return { remove: () => screen.remove() };
}
