// Start-up: server status, who we are, then the sign-in screen or the app.
import { api } from "./api.js";
import { startSession } from "./app.js";
import { h } from "./dom.js";
import { NativeAudio, nativeHost } from "./native.js";
import { Player } from "./player.js";
import { prefs, rememberChannel, rememberInvite } from "./prefs.js";
import { clearRoomRoute, inviteFromUrl, roomFromUrl, sharedTokenFromUrl } from "./routes.js";
import { store } from "./state.js";
import { applyTheme, followSystemTheme } from "./theme.js";
import { mountAuth } from "./views/auth.js";

applyTheme();
followSystemTheme();

const root = document.getElementById("root");
// In the phone app the phone plays the audio (native.js); in a browser, the <audio> element.
const host = nativeHost();
const audio = host ? new NativeAudio(host) : document.getElementById("player");
const player = new Player(audio);
let session = null;
let auth = null;

// The offline shell (sw.js): a page load while the server is away shows the app saying so, not
// the browser's error page. Not in the phone app, whose shell is the phone's.
if ("serviceWorker" in navigator && !host) navigator.serviceWorker.register("/sw.js").catch(() => {});

async function boot() {
  let status;
  for (let attempt = 0; ; attempt++) {
    try {
      status = await api.status();
      break;
    } catch {
      showMessage("The server cannot be reached. Retrying…");
      await new Promise((r) => setTimeout(r, Math.min(10000, 1000 * 2 ** attempt)));
    }
  }
  store.set({ status });
  // An invite link: the room is the one to join once signed in (or in as a guest).
  const invited = roomFromUrl();
  if (invited) {
    rememberChannel(invited);
    if (inviteFromUrl()) rememberInvite(invited, inviteFromUrl());
    clearRoomRoute();
  }
  const me = await api.me().catch(() => null);
  const user = me?.user || null;
  if (user && (!user.isGuest || prefs.guestChosen)) start(user);
  else showAuth(undefined, invited ? "You were invited to a room: sign in to join it." : undefined);
}

function showMessage(text) {
  root.replaceChildren(h("div", { class: "boot-message" }, h("p", { text })));
}

function showAuth(notice, invite) {
  session = null;
  root.replaceChildren();
  auth = mountAuth(root, {
    status: store.get("status"),
    notice,
    invite: invite && store.get("status")?.allowGuests ? invite.replace("sign in", "sign in or continue as a guest") : invite,
    onSignedIn: (user) => {
      prefs.guestChosen = false;
      start(user);
    },
    onGuest: async () => {
      const me = await api.me().catch(() => null);
      if (!me?.user) return showAuth("Guests are not allowed on this server.");
      prefs.guestChosen = true;
      auth?.remove();
      start(me.user);
    },
  });
}

function start(user) {
  root.replaceChildren();
  session = startSession({
    user, player, root,
    sharedToken: sharedTokenFromUrl(),
    onSignedOut: () => {
      prefs.guestChosen = false;
      showAuth();
    },
    onKicked: (reason) => {
      prefs.guestChosen = false;
      showAuth(reason);
    },
  });
}

boot();
