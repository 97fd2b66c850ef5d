// The query of /unsubscribe/$userId: the link's `signature`, kept only when it looks like one (the
// relay decides whether it is right).
export interface UnsubscribeSearch {
  signature?: string
}

const SIGNATURE = /^[A-Za-z0-9_-]{16,128}$/

/** Reads the search of an unsubscribe link. */
export function parseUnsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  const { signature } = search
  return typeof signature === 'string' && SIGNATURE.test(signature) ? { signature } : {}
}
