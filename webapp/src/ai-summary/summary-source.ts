// What a page's AI summary is made from. A YouTube video: its transcript (kept on the page's saved
// content by the extension). Any other page: the article of its saved copy, read as the reader
// reads it (readSavedArticle: sanitized, its text only). Without either, the page's own
// highlights and notes, which are the parts the person kept. Nothing at all: no summary is offered.
import {
  countLabel,
  isYoutubeVideoUrl,
  readSavedArticle,
  transcriptText,
  type Mark,
  type PageContent,
} from '@inkmark/shared'

/** Where a summary's text comes from. */
export type SummarySourceKind = 'transcript' | 'article' | 'highlights' | 'none'

/** The text a summary is made from, and where it came from. */
export interface SummarySource {
  kind: SummarySourceKind
  text: string
}

/** The text of a page's highlights and their notes, one highlight a paragraph. */
export function highlightsText(marks: readonly Pick<Mark, 'text' | 'notes'>[]): string {
  return marks
    .map((mark) =>
      [mark.text?.trim(), mark.notes?.trim() ? `(Note: ${mark.notes.trim()})` : undefined]
        .filter((part): part is string => part !== undefined && part !== '')
        .join(' '),
    )
    .filter((text) => text !== '')
    .join('\n\n')
}

/** What the summary of the page at `url` is made from, given its saved content and highlights. */
export function chooseSummarySource({
  url,
  pageContent,
  marks,
}: {
  url: string
  pageContent: PageContent | undefined
  marks: readonly Pick<Mark, 'text' | 'notes'>[]
}): SummarySource {
  if (isYoutubeVideoUrl(url) && pageContent?.youtubeTranscript !== undefined) {
    const text = transcriptText(pageContent.youtubeTranscript)
    if (text !== '') {
      return { kind: 'transcript', text }
    }
  }
  if (pageContent?.content !== undefined && pageContent.content !== '') {
    const article = readSavedArticle(pageContent.content, pageContent.url)
    if (article.ok && article.value.textContent.trim() !== '') {
      return { kind: 'article', text: article.value.textContent.trim() }
    }
  }
  const highlights = highlightsText(marks)
  return highlights === '' ? { kind: 'none', text: '' } : { kind: 'highlights', text: highlights }
}

/** A line saying what the summary is made from. */
export function summarySourceLabel(kind: SummarySourceKind, highlightCount: number): string {
  switch (kind) {
    case 'transcript':
      return "Made from the video's transcript."
    case 'article':
      return "Made from the page's saved article."
    case 'highlights':
      return `Made from your ${countLabel(highlightCount, 'highlight')} (no saved copy of the page).`
    case 'none':
      return ''
  }
}
