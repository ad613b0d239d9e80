// The top bar: brand, the room and connection, the sync meter, the account menu.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { openAppPasswords } from "./app-passwords.js";
import { openPasswordChange } from "./password.js";
import { openAppearance } from "./appearance.js";
import { openPlaybackSettings } from "./playback-settings.js";
import { openDiagnostics } from "./diagnostics.js";
import { openServerPanel } from "./server-panel.js";
import { openUsersPanel } from "./users-panel.js";
import { openProfile, shownName } from "./profile.js";
import { openSessions } from "./sessions.js";
import { openPhotoBackup } from "./photo-backup.js";
import { openStorage } from "./storage.js";
import { mountSyncMeter } from "./syncmeter.js";
import { toast, toastError } from "./toasts.js";
import { api } from "../api.js";
import { confirmDialog } from "./dialogs.js";

export function mountTopBar(ctx) {
  const { store } = ctx;
  const user = store.get("user");
  const roomName = h("span", { class: "room-name", text: "…" });
  const connDot = h("span", { class: "conn-dot", attrs: { "aria-hidden": "true" } });
  const connText = h("span", { class: "conn-text visually-hidden", text: "" });
  const roomChip = h("button", { class: "room-chip", type: "button", title: "Rooms", onclick: () => ctx.showTab?.("rooms") }, connDot, roomName, connText);

  const menu = h("div", { class: "menu", hidden: true, attrs: { role: "menu" } });
  const item = (label, iconName, onclick, extra = {}) => h("button", { class: "menu-item", type: "button", attrs: { role: "menuitem" }, onclick: () => { menu.hidden = true; onclick(); }, ...extra }, icon(iconName, { size: 16 }), h("span", { text: label }));
  const menuName = h("strong", { text: shownName(user) });
  menu.append(
    h("div", { class: "menu-head" }, menuName, h("span", { class: "muted", text: user.isGuest ? "Guest — listening only" : user.isAdmin ? "Administrator" : "Member" })),
    item("Storage & cache", "storage", () => openStorage(ctx)),
    item("Appearance", "palette", () => openAppearance(), { id: "open-appearance" }),
    item("Playback", "volume", () => openPlaybackSettings(ctx), { id: "open-playback" }),
    item("Diagnostics", "sync", () => openDiagnostics(ctx), { id: "open-diagnostics" }),
  );
  if (user.isAdmin) {
    menu.append(item("Server", "storage", () => openServerPanel(ctx), { id: "open-server" }));
    menu.append(item("Users", "user", () => openUsersPanel(ctx), { id: "open-users" }));
  }
  if (!user.isGuest) {
    menu.append(item("Profile", "user", () => openProfile(ctx), { id: "open-profile" }));
    menu.append(item("Change password", "lock", () => openPasswordChange(), { id: "open-password-change" }));
    menu.append(item("Sessions and devices", "logout", () => openSessions(), { id: "open-sessions" }));
    menu.append(item("App passwords", "headphones", () => openAppPasswords(ctx), { id: "open-app-passwords" }));
    if (store.can("upload")) menu.append(item("Photo backup", "photo", () => openPhotoBackup(ctx), { id: "open-photo-backup" }));
    menu.append(item("Sign out other sessions", "logout", async () => {
      if (!(await confirmDialog({ title: "Sign out other sessions?", message: "Every other browser or app signed in as you will be signed out.", confirmLabel: "Sign them out" }))) return;
      try {
        const result = await api.kickOthers();
        toast(`Signed out ${result?.count ?? 0} other session(s)`, "success");
      } catch (error) {
        toastError(error, "Sign out others");
      }
    }));
  }
  menu.append(item(user.isGuest ? "Sign in or create an account" : "Sign out", user.isGuest ? "user" : "logout", () => ctx.signOut(), { id: "sign-out" }));

  const accountName = h("span", { class: "account-name", text: shownName(user) });
  const account = h("button", { class: "account-btn", type: "button", id: "account-button", attrs: { "aria-haspopup": "menu", "aria-label": `Account: ${shownName(user)}` }, onclick: (event) => { event.stopPropagation(); menu.hidden = !menu.hidden; } },
    icon("user", { size: 18 }), accountName, user.isGuest ? h("span", { class: "badge", text: "guest" }) : null);
  ctx.track(store.on("user", (changed) => {
    if (!changed) return;
    menuName.textContent = accountName.textContent = shownName(changed);
    account.setAttribute("aria-label", `Account: ${shownName(changed)}`);
  }));
  const closeMenu = (event) => { if (!menu.contains(event.target)) menu.hidden = true; };
  // Esc closes the menu and gives the focus back to its button.
  const escapeMenu = (event) => {
    if (event.key !== "Escape" || menu.hidden) return;
    menu.hidden = true;
    account.focus();
    event.preventDefault();
  };
  document.addEventListener("click", closeMenu);
  document.addEventListener("keydown", escapeMenu);
  ctx.track(() => {
    document.removeEventListener("click", closeMenu);
    document.removeEventListener("keydown", escapeMenu);
  });

  const bar = h("header", { class: "topbar" },
    h("div", { class: "brand" }, h("span", { class: "brand-mark" }, icon("sync", { size: 18 })), h("span", { class: "brand-name", text: "Blastoise" })),
    roomChip,
    h("div", { class: "topbar-spacer" }),
    mountSyncMeter(ctx),
    h("div", { class: "account" }, account, menu));

  const updateRoom = () => {
    const id = store.get("channelId");
    const room = store.get("channels").find((c) => c.id === id);
    roomName.textContent = room?.name || store.get("room")?.channelName || "No room";
  };
  const updateConn = (status) => {
    const state = status?.state || "idle";
    connDot.dataset.state = state;
    const text = state === "open" ? "Connected" : state === "reconnecting" ? `Reconnecting${status.retryIn ? ` in ${Math.ceil(status.retryIn / 1000)} s` : "…"}` : state === "connecting" ? "Connecting…" : "Offline";
    connText.textContent = text;
    roomChip.title = text;
  };
  ctx.track(store.on("channelId", updateRoom));
  ctx.track(store.on("channels", updateRoom));
  ctx.track(store.on("room", updateRoom));
  ctx.track(store.on("connection", updateConn));
  updateRoom();
  updateConn(store.get("connection"));
  return bar;
}
