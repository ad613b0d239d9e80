// The account menu's Sessions and devices: where the person is signed in — this browser marked,
// an app by its app password's name, when each began and was last seen — each with Sign out.
import { api } from "../api.js";
import { h } from "../dom.js";
import { customDialog } from "./dialogs.js";
import { toastError } from "./toasts.js";

const when = (seconds) => new Date(seconds * 1000).toLocaleString();

export function openSessions() {
  return customDialog({
    title: "Sessions and devices",
    content: () => {
      const list = h("ul", { class: "session-list", id: "session-list" }, h("li", { class: "muted", text: "Reading…" }));
      const load = async () => {
        try {
          const { sessions } = await api.sessions();
          list.replaceChildren(...sessions.map((session) => h("li", { class: "session-row", dataset: { id: session.id } },
            h("div", { class: "session-text" },
              h("strong", { text: session.current ? "This browser" : session.app ? `App: ${session.app}` : "A browser or app" }),
              h("span", { class: "muted small", text: `Signed in ${when(session.createdAt)} · last seen ${when(session.lastSeenAt)}` })),
            session.current ? null : h("button", { class: "btn small", type: "button", text: "Sign out", onclick: async (event) => {
              event.currentTarget.disabled = true;
              try {
                await api.endSession(session.id);
              } catch (error) {
                toastError(error, "Sign out");
              }
              load();
            } }))));
        } catch (error) {
          list.replaceChildren(h("li", { class: "auth-error", text: error.message }));
        }
      };
      load();
      return h("div", { class: "diag" }, h("p", { class: "muted small", text: "Signing one out closes its connection at once; it signs in again with the password." }), list);
    },
  });
}
