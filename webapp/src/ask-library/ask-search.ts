// The /ask route's one parameter: a question to put in the message box (from the search dialog's
// "Ask your library" link). It is not sent by itself: the person sends it, as any message.

/** The /ask route's search parameters. */
export interface AskSearch {
  q?: string
}

const MAX_QUESTION = 2_000

/** The usable parameters of `raw`: a non-blank question of reasonable length, trimmed. */
export function parseAskSearch(raw: Record<string, unknown>): AskSearch {
  const q = typeof raw.q === 'string' ? raw.q.trim() : ''
  return q === '' || q.length > MAX_QUESTION ? {} : { q }
}
