// Tells the room how this page's player stands with it (`sync_report`): its state as soon as it
// changes (looked at twice a second) and its drift every 5 s, so everyone sees who is not in step.
const STATES = {
  playing: "in-sync", paused: "in-sync", ending: "in-sync", empty: "in-sync",
  loading: "buffering", starting: "buffering", buffering: "buffering", seeking: "buffering",
  blocked: "waiting",
};
const EVERY_MS = 5000;

export function installSyncReport(ctx) {
  let last = null;
  let lastAt = 0;
  const timer = setInterval(() => {
    const info = ctx.sync.info();
    const state = STATES[info.phase] || "away"; // local, idle, error: not following the room
    const now = Date.now();
    if (state === last && now - lastAt < EVERY_MS) return;
    const drift = info.filteredDrift ?? info.drift;
    const report = { action: "sync_report", state };
    if (state === "in-sync" && !info.paused && Number.isFinite(drift)) report.driftMs = Math.round(drift * 10000) / 10;
    if (ctx.socket.send(report)) {
      last = state;
      lastAt = now;
    }
  }, 500);
  return () => clearInterval(timer);
}
