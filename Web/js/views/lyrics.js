// A track's lyrics (from its tags, GET /api/tracks/:id/lyrics) in a dialog, as plain text.
import { api } from "../api.js";
import { h } from "../dom.js";
import { trackTitle } from "../format.js";
import { customDialog } from "./dialogs.js";
import { toastError } from "./toasts.js";

export async function showLyrics(track) {
  let lyrics;
  try {
    lyrics = (await api.lyrics(track.id))?.lyrics || "";
  } catch (error) {
    return toastError(error, error?.status === 404 ? "No lyrics" : "Lyrics");
  }
  await customDialog({
    title: `Lyrics · ${trackTitle(track)}`, wide: true,
    content: () => h("pre", { class: "lyrics", id: "lyrics-text", tabIndex: 0, text: lyrics }),
  });
}
