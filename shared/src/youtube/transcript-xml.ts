// YouTube's timed-text XML (`<transcript><text start="0.56" dur="5.799">…</text></transcript>`)
// turned into transcript lines. The text of a cue is escaped twice over in practice: once as XML,
// and again as HTML inside (`what&amp;#39;s` is "what's", `&lt;i>not&lt;/i>` is an italic "not"),
// so it is unescaped as XML, then read as HTML text: tags dropped, entities decoded. The result is
// plain text that the panel shows with textContent; nothing here is ever parsed as markup by a
// browser. Pure string work, no DOMParser, so it runs the same in tests and content scripts.
import type { TranscriptSegment } from '../domain/entities/transcript'

/** A transcript line: its text and, in seconds, when it starts and how long it lasts. */
export type TranscriptLine = Pick<TranscriptSegment, 'text' | 'offset' | 'duration'>

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Decodes `&name;`, `&#NN;` and `&#xHH;` entities; unknown or invalid ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10)
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole
  })
}

/** The visible text of a cue's (already XML-unescaped) content: tags dropped, entities decoded, spaces collapsed. */
export function cueText(content: string): string {
  const withoutTags = content.replace(/<\/?[a-z][^<>]*>/gi, '')
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes)
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined
}

function seconds(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') {
    return undefined
  }
  const number = Number(value)
  return Number.isFinite(number) && number >= 0 ? number : undefined
}

/** The error thrown for text that is not a timed-text transcript. */
export class TranscriptFormatError extends Error {
  constructor(message = 'This is not a YouTube transcript.') {
    super(message)
    this.name = 'TranscriptFormatError'
  }
}

/**
 * The lines of a timed-text XML document, in document order. Cues without text (pauses) and cues
 * without a valid start are left out; a missing duration counts as 0. Throws
 * `TranscriptFormatError` when the document has no `<transcript>` element.
 */
export function parseTranscriptXml(xml: string): TranscriptLine[] {
  if (!/<transcript[\s>]/.test(xml)) {
    throw new TranscriptFormatError()
  }
  const lines: TranscriptLine[] = []
  const cue = /<text\b([^>]*?)(?:\/>|>([\s\S]*?)<\/text>)/g
  for (let match = cue.exec(xml); match !== null; match = cue.exec(xml)) {
    const attributes = match[1] ?? ''
    const offset = seconds(attribute(attributes, 'start'))
    if (offset === undefined) {
      continue
    }
    const text = cueText(decodeEntities(match[2] ?? ''))
    if (text === '') {
      continue
    }
    lines.push({ text, offset, duration: seconds(attribute(attributes, 'dur')) ?? 0 })
  }
  return lines
}
