// Modal dialogs in place of confirm()/prompt(): <dialog> with real inputs.
import { append, h } from "../dom.js";

function openDialog(build) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "dialog" });
    const finish = (value) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    build(dialog, finish);
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(null);
    });
    document.body.append(dialog);
    dialog.showModal();
    const first = dialog.querySelector("input, textarea, select, button.primary");
    first?.focus();
  });
}

/** Resolves true or false. */
export function confirmDialog({ title, message, confirmLabel = "OK", danger = false }) {
  return openDialog((dialog, finish) => {
    append(dialog, [
      h("h2", { class: "dialog-title", text: title }),
      message ? h("p", { class: "dialog-message", text: message }) : null,
      h("div", { class: "dialog-actions" },
        h("button", { class: "btn", type: "button", text: "Cancel", onclick: () => finish(false) }),
        h("button", { class: ["btn", danger ? "danger" : "primary"], type: "button", id: "dialog-confirm", text: confirmLabel, onclick: () => finish(true) })),
    ]);
  }).then((v) => v === true);
}

/**
 * fields: [{ name, label, value, placeholder, multiline, maxLength, required }]
 * Resolves an object of values, or null when cancelled.
 */
export function formDialog({ title, message, fields, submitLabel = "Save" }) {
  return openDialog((dialog, finish) => {
    const inputs = {};
    const form = h("form", { class: "dialog-form", method: "dialog" });
    for (const field of fields) {
      const input = field.choices
        ? h("select", { name: field.name, class: "select" }, field.choices.map(([value, label]) => h("option", { value, text: label })))
        : field.multiline
        ? h("textarea", { name: field.name, rows: 3, maxLength: field.maxLength || 500, placeholder: field.placeholder || "" })
        : h("input", { type: "text", name: field.name, maxLength: field.maxLength || 200, placeholder: field.placeholder || "", required: !!field.required, autocomplete: "off" });
      input.value = field.value ?? "";
      inputs[field.name] = input;
      form.append(h("label", { class: "field" }, h("span", { class: "field-label", text: field.label }), input));
    }
    form.append(h("div", { class: "dialog-actions" },
      h("button", { class: "btn", type: "button", text: "Cancel", onclick: () => finish(null) }),
      h("button", { class: "btn primary", type: "submit", text: submitLabel })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const values = {};
      for (const [name, input] of Object.entries(inputs)) values[name] = input.value.trim();
      if (fields.some((f) => f.required && !values[f.name])) return;
      finish(values);
    });
    append(dialog, [h("h2", { class: "dialog-title", text: title }), message ? h("p", { class: "dialog-message", text: message }) : null, form]);
  });
}

/** A dialog with arbitrary content; `content(finish)` returns nodes. Resolves with finish's value. */
export function customDialog({ title, content, wide = false }) {
  return openDialog((dialog, finish) => {
    if (wide) dialog.classList.add("wide");
    dialog.append(
      h("div", { class: "dialog-head" },
        h("h2", { class: "dialog-title", text: title }),
        h("button", { class: "btn ghost", type: "button", text: "Close", onclick: () => finish(null) })),
      content(finish));
  });
}
