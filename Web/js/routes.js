// The few addresses the app understands: `#/shared/<token>` or `?shared=<token>` opens a shared
// playlist; `#/<tab>` remembers the phone tab.

export function sharedTokenFromUrl() {
  const hash = window.location.hash.match(/^#\/shared\/([^/?#]+)/);
  if (hash) return decodeURIComponent(hash[1]);
  const query = new URLSearchParams(window.location.search).get("shared");
  return query || null;
}

export function clearSharedRoute() {
  if (!sharedTokenFromUrl()) return;
  const url = new URL(window.location.href);
  url.searchParams.delete("shared");
  url.hash = "";
  history.replaceState(null, "", url.pathname + url.search);
}

export function shareLink(token) {
  return `${window.location.origin}/#/shared/${encodeURIComponent(token)}`;
}
