// The /reader route's parameters: the page's address (`url`) and, when known, the id of its saved
// page content (`pageContent`), the spec's `/reader?url=&pageContent=`. Anything but a short
// string is dropped; `summarize=1` asks for the AI summary (docs/adr/075); whether the address is a page's is judged by the reader itself.
import { isSummarizeFlag } from '../tools/youtube-search'

/** The /reader route's search parameters. */
export interface ReaderSearch {
  url?: string
  pageContent?: string
  /** `summarize=1`: start the page's AI summary once the article shows (the free tools). */
  summarize?: boolean
}

const MAX_URL = 8_192
const MAX_ID = 256

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max
    ? value.trim()
    : undefined
}

/** The usable parameters of `raw`. */
export function parseReaderSearch(raw: Record<string, unknown>): ReaderSearch {
  const url = text(raw.url, MAX_URL)
  const pageContent = text(raw.pageContent, MAX_ID)
  return {
    ...(url === undefined ? {} : { url }),
    ...(pageContent === undefined ? {} : { pageContent }),
    ...(isSummarizeFlag(raw.summarize) ? { summarize: true } : {}),
  }
}
