// The page is hostile: its scripts can dispatch any event a person could make (a fake Alt+S, a
// scripted click on our toolbox's Delete, a mouseup after a scripted selection). Every content
// script handler that acts goes through onTrusted, so it hears only what the browser made from
// real input (`isTrusted`), never what a script dispatched (ADR 027).

/** `handler`, called only for events the browser made from the person's input. */
export function onTrusted<E extends Event>(handler: (event: E) => void): (event: E) => void {
  return (event) => {
    if (event.isTrusted) {
      handler(event)
    }
  }
}
