import { markMatches } from '@inkmark/shared'

/** `text` with the words a search matched in <mark>, built from text (never HTML). */
export function MatchedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {markMatches(text, terms).map((segment, index) =>
        segment.match ? (
          <mark key={index} className="search-match">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  )
}
