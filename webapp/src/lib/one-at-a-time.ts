// "Is it saved? Then save it" is two steps with a wait between them, and the store does not merge
// two bookmarks of one address: two quick highlights on an unsaved page (or a highlight while a
// summary saves it) each found nothing and each created a bookmark. Runs for one key wait for
// each other, so the second sees what the first saved.

const tails = new Map<string, Promise<unknown>>()

/** Runs `work` after every earlier run for `key` has ended (fulfilled or not); its result. */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve()
  const run = previous.then(work, work)
  const tail = run.then(
    () => undefined,
    () => undefined,
  )
  tails.set(key, tail)
  void tail.then(() => {
    if (tails.get(key) === tail) {
      tails.delete(key)
    }
  })
  return run
}
