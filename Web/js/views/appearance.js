// The account menu's Appearance: the theme, shown as soon as it is picked and remembered in
// this browser.
import { h } from "../dom.js";
import { THEMES, chooseTheme, chosenTheme } from "../theme.js";
import { customDialog } from "./dialogs.js";

export function openAppearance() {
  return customDialog({
    title: "Appearance",
    content: () => {
      const current = chosenTheme();
      const choices = THEMES.map(([value, label]) => {
        const input = h("input", { type: "radio", name: "theme", value, checked: value === current, id: `theme-${value}` });
        input.addEventListener("change", () => { if (input.checked) chooseTheme(value); });
        return h("label", { class: "theme-choice", htmlFor: `theme-${value}` }, input, h("span", { class: "theme-swatch", dataset: { swatch: value } }), h("span", { text: label }));
      });
      return h("fieldset", { class: "theme-choices", id: "theme-choices" },
        h("legend", { class: "field-label", text: "Theme" }), choices,
        h("p", { class: "muted small", text: "Motion follows your system: with reduced motion set, nothing moves." }));
    },
  });
}
