// Who changed the room, as toasts: activity arriving close together is said once ("ana paused ·
// ben added 8 tracks"), not a toast each; one's own changes are not toasted (the page shows them).

/** The one toast's text for `messages`, oldest first: at most `shown` of them, then how many more. */
export function batchText(messages, shown = 3) {
  const head = messages.slice(0, shown).join(" · ");
  const rest = messages.length - shown;
  return rest > 0 ? `${head} and ${rest} more` : head;
}

/** `add(message)` collects; `windowMs` after the first of a batch, `say(text)` gets them all. */
export function createActivityToasts(say, windowMs = 1500) {
  let pending = [];
  let timer = null;
  const flush = () => {
    clearTimeout(timer);
    timer = null;
    if (pending.length) say(batchText(pending));
    pending = [];
  };
  return {
    add(message) {
      pending.push(message);
      if (!timer) timer = setTimeout(flush, windowMs);
    },
    flush,
  };
}
