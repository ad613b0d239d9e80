// The look: "auto" (light or dark as the system prefers) or one chosen theme, remembered in this
// browser. Applied before the first render (main.js), so the page never flashes another one.
const KEY = "blastoise.theme";

/** [value, label]: the system's choice, light and dark, and Blastoise's three from its iOS design. */
export const THEMES = Object.freeze([
  ["auto", "Automatic (light or dark, as your system)"],
  ["dark", "Dark"],
  ["light", "Light"],
  ["pixel", "Pixel — dark and warm, arcade orange and green"],
  ["aura", "Aura — pale lavender, gold, sky and mint"],
  ["blackcat", "Black Cat — near black, lime, a cat on the progress line"],
]);

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function chosenTheme() {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch { /* private mode */ }
  return THEMES.some(([value]) => value === saved) ? saved : "auto";
}

/** The theme the page shows for a choice ("auto" follows the system). */
export function shownTheme(choice = chosenTheme()) {
  if (choice !== "auto") return choice;
  return window.matchMedia?.(DARK_QUERY).matches === false ? "light" : "dark";
}

export function applyTheme(choice = chosenTheme()) {
  const theme = shownTheme(choice);
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.themeChoice = choice;
  const color = getComputedStyle(document.documentElement).getPropertyValue("--bg").trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", color || "#0b0f14");
}

export function chooseTheme(choice) {
  try {
    if (choice === "auto") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch { /* private mode: for this visit only */ }
  applyTheme(choice);
}

/** Follows the system's light or dark while the choice is "auto". */
export function followSystemTheme() {
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener?.("change", () => { if (chosenTheme() === "auto") applyTheme("auto"); });
}
