// What the Diagnostics panel shows and a problem report carries, kept from the session's start:
// the last two minutes of drift (a sample every 500 ms) and the last 60 events (connection
// changes, what the socket said, audio errors). In memory only, never sent anywhere.
const DRIFT_SAMPLES = 240;
const EVENTS = 60;
const SAMPLE_MS = 500;

export function createDiagnostics(ctx) {
  const drifts = [];
  const events = [];
  const started = Date.now();
  const note = (kind, detail = "") => {
    events.push({ at: Date.now(), kind, detail: String(detail).slice(0, 200) });
    if (events.length > EVENTS) events.shift();
  };
  const timer = setInterval(() => {
    const info = ctx.sync.info();
    if (info.drift === null || !Number.isFinite(info.drift)) return;
    drifts.push({ at: Date.now(), driftMs: info.drift * 1000, rate: info.rate });
    if (drifts.length > DRIFT_SAMPLES) drifts.shift();
  }, SAMPLE_MS);
  return {
    drifts,
    events,
    note,
    /** Everything at once, for the panel and for a copied report. */
    report() {
      const { store } = ctx;
      const user = store.get("user");
      const status = store.get("status");
      const room = store.get("room");
      return {
        at: new Date().toISOString(),
        sessionSeconds: Math.round((Date.now() - started) / 1000),
        page: location.origin,
        userAgent: navigator.userAgent,
        server: { version: status?.version ?? null, serverId: status?.serverId ?? null },
        account: user ? { username: user.username, role: user.isAdmin ? "admin" : user.isGuest ? "guest" : "member" } : null,
        connection: store.get("connection") ?? null,
        room: room ? { id: store.get("channelId"), name: room.channelName, track: room.track?.title ?? null, paused: room.paused } : null,
        sync: ctx.sync.info(),
        drifts: drifts.slice(),
        events: events.slice(),
      };
    },
    dispose() { clearInterval(timer); },
  };
}
