import { markMatches } from '@inkmark/shared'

/** `text` with the searched words in <mark> elements made from text, never HTML (ADR 037). */
export function MatchedText({ text, terms }: { text: string; terms?: readonly string[] }) {
  if (terms === undefined || terms.length === 0) {
    return <>{text}</>
  }
  return (
    <>
      {markMatches(text, terms).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </>
  )
}
