// What answers a question of Ask your library: the highlights and notes the library's own search
// index finds for it (the index the search dialog uses), and only those, numbered for the model to
// cite; with none found, the answer that says so, without asking the model. Each question stands
// alone (earlier answers are not sent): the passages are the whole context (ADR 049). The turn
// itself is the shared runAskLibrary (passages within the provider's quota, the same cancel notes
// as a page chat); the reply keeps the passages it cites, so its links and sources show the same
// after a reload and on another device.
import {
  citationSegments,
  runAskLibrary,
  type AiProvider,
  type LibraryPassage,
  type LibrarySearch,
} from '@inkmark/shared'
import { reportingDownload } from '../ai-chat/reporting-download'
import type { ChatReplySource } from '../ai-chat/use-chat-conversation'

/** The field of a saved answer holding the passages it cites. */
export const CITED_PASSAGES_FIELD = 'citedPassages'

/** The reply source of Ask your library; `index` gives the library's search index, caught up. */
export function askLibrarySource(
  provider: AiProvider,
  index: () => Promise<LibrarySearch>,
): ChatReplySource {
  return async ({ userMessage, signal, onText, onDownloadProgress }) => {
    // The highlights and pages are read from what the index holds (no pass over the library).
    const result = await runAskLibrary({
      provider: reportingDownload(provider, onDownloadProgress),
      search: await index(),
      question: userMessage.content,
      signal,
      onText,
      now: () => Date.now(),
    })
    const cited = citedPassages(result.assistant.content, result.passages)
    return {
      assistant:
        cited.length === 0
          ? result.assistant
          : { ...result.assistant, [CITED_PASSAGES_FIELD]: cited },
    }
  }
}

/** The passages an answer cites, each once, in the order of their numbers. */
export function citedPassages(
  answer: string,
  passages: readonly LibraryPassage[],
): LibraryPassage[] {
  const cited = new Map<number, LibraryPassage>()
  for (const segment of citationSegments(answer, passages)) {
    if (segment.kind === 'citation') {
      cited.set(segment.number, segment.passage)
    }
  }
  return [...cited.values()].sort((a, b) => a.number - b.number)
}

/**
 * The passages saved with an answer, as far as they have the shape of one (a saved message may
 * come from another device or an older app: anything else is left out).
 */
export function savedPassages(message: Record<string, unknown>): LibraryPassage[] {
  const saved = message[CITED_PASSAGES_FIELD]
  if (!Array.isArray(saved)) {
    return []
  }
  return saved.filter(isPassage)
}

function isPassage(value: unknown): value is LibraryPassage {
  if (typeof value !== 'object' || value === null) {
    return false
  }
  const passage = value as Record<string, unknown>
  return (
    typeof passage.number === 'number' &&
    Number.isInteger(passage.number) &&
    ['markId', 'bookmarkId', 'title', 'url', 'text', 'note'].every(
      (key) => typeof passage[key] === 'string',
    )
  )
}
