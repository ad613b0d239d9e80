// The app's frame: top bar, panes (panels on a desktop, tabs on a phone), banners, mini player.
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { prefs } from "../prefs.js";
import { mountImport } from "./import.js";
import { mountLibrary } from "./library.js";
import { mountMiniPlayer } from "./miniplayer.js";
import { mountNowPlaying } from "./nowplaying.js";
import { mountPlaylists } from "./playlists.js";
import { mountChat } from "./chat.js";
import { mountQueue } from "./queue.js";
import { mountRooms } from "./rooms.js";
import { mountTopBar } from "./topbar.js";
import { mountConnectionBanner } from "./connection-banner.js";

const PHONE_TABS = [
  { name: "playing", label: "Playing", icon: "headphones" },
  { name: "rooms", label: "Rooms", icon: "rooms" },
  { name: "library", label: "Library", icon: "music" },
  { name: "queue", label: "Queue", icon: "list" },
  { name: "playlists", label: "Playlists", icon: "playlist" },
  // Not a tab of its own on a phone (five at most fit): the library's Import button opens it.
  { name: "import", label: "Import", icon: "download", importOnly: true, phone: false },
];

const CENTER_TABS = ["library", "playlists", "import"];

export function mountShell(ctx, root) {
  const { store } = ctx;
  const status = store.get("status");
  // URL import: only when the server offers it and this user may use it (not guests).
  const importEnabled = !!(status?.ytdlp?.enabled && status?.ytdlp?.available) && store.can("import");

  const app = h("div", { class: "app", id: "app" });
  const pane = (name, label) => h("section", { class: ["pane", `pane-${name}`], id: `pane-${name}`, dataset: { pane: name }, attrs: { "aria-label": label } });
  const panes = {
    rooms: pane("rooms", "Rooms"),
    playing: pane("playing", "Now playing"),
    library: pane("library", "Library"),
    playlists: pane("playlists", "Playlists"),
    import: pane("import", "Import from a URL"),
    queue: pane("queue", "Queue"),
    chat: pane("chat", "Chat"),
  };

  // Desktop: the middle column shows one of Library / Playlists / Import.
  const centerTabs = h("div", { class: "center-tabs", attrs: { role: "tablist" } });
  const centerButtons = {};
  for (const name of CENTER_TABS) {
    if (name === "import" && !importEnabled) continue;
    const label = { library: "Library", playlists: "Playlists", import: "Import" }[name];
    const button = h("button", { class: "center-tab", type: "button", id: `center-tab-${name}`, dataset: { tab: name }, attrs: { role: "tab", "aria-controls": `pane-${name}` }, onclick: () => setTab(name) }, icon(PHONE_TABS.find((t) => t.name === name).icon, { size: 16 }), h("span", { text: label }));
    centerButtons[name] = button;
    centerTabs.append(button);
    panes[name].setAttribute("role", "tabpanel");
    panes[name].setAttribute("aria-labelledby", button.id);
  }
  // Tabs as screen readers know them: one tab stop; ← → Home End move between them.
  centerTabs.addEventListener("keydown", (event) => {
    const names = Object.keys(centerButtons);
    const at = names.indexOf(app.dataset.center);
    const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: names.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const name = names[(next + names.length) % names.length];
    setTab(name);
    centerButtons[name].focus();
  });

  const center = h("div", { class: "column column-center" }, panes.playing, centerTabs, panes.library, panes.playlists, importEnabled ? panes.import : null);
  const main = h("main", { class: "columns", id: "main-content", tabIndex: -1 },
    h("div", { class: "column column-rooms" }, panes.rooms, panes.chat),
    center,
    h("div", { class: "column column-queue" }, panes.queue));

  const phoneTabs = h("nav", { class: "phone-tabs", attrs: { "aria-label": "Sections" } });
  const phoneButtons = {};
  for (const tab of PHONE_TABS) {
    if ((tab.importOnly && !importEnabled) || tab.phone === false) continue;
    const button = h("button", { class: "phone-tab", type: "button", dataset: { tab: tab.name }, onclick: () => setTab(tab.name) }, icon(tab.icon, { size: 20 }), h("span", { text: tab.label }));
    phoneButtons[tab.name] = button;
    phoneTabs.append(button);
  }

  const topBar = mountTopBar(ctx);
  const mini = mountMiniPlayer(ctx, () => setTab("playing"));
  // A skip link (the first thing a keyboard reaches) and the page's one <h1>, for screen readers.
  const skip = h("a", { class: "skip-link", href: "#main-content", text: "Skip to content", onclick: (event) => { event.preventDefault(); main.focus(); } });
  const heading = h("h1", { class: "visually-hidden", text: "Blastoise" });
  app.append(skip, heading, topBar, main, mini, phoneTabs, mountConnectionBanner(ctx));
  root.append(app);

  function setCenter(name) {
    app.dataset.center = name;
    for (const [key, button] of Object.entries(centerButtons)) {
      button.classList.toggle("active", key === name);
      button.setAttribute("aria-selected", String(key === name));
      button.tabIndex = key === name ? 0 : -1;
    }
  }

  function setTab(name) {
    app.dataset.tab = name;
    prefs.tab = name;
    for (const [key, button] of Object.entries(phoneButtons)) button.classList.toggle("active", key === name);
    if (CENTER_TABS.includes(name)) setCenter(name);
  }

  ctx.showTab = (name) => setTab(name);
  ctx.importEnabled = importEnabled;
  setCenter("library");
  setTab(PHONE_TABS.some((t) => t.name === prefs.tab && (!t.importOnly || importEnabled)) ? prefs.tab : "playing");

  mountRooms(ctx, panes.rooms);
  mountNowPlaying(ctx, panes.playing);
  mountLibrary(ctx, panes.library);
  mountPlaylists(ctx, panes.playlists);
  if (importEnabled) mountImport(ctx, panes.import);
  mountQueue(ctx, panes.queue);
  mountChat(ctx, panes.chat);
  return app;
}
