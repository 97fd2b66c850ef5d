import { isImageMark, markNoteText, type Filter, type Mark } from '@inkmark/shared'
import { TagList } from '../components/TagList'
import { displayColor } from '../lib/display-color'
import type { ViewOptions } from '../lib/view-options'
import { PageLink } from './PageLink'

/** What a highlight's card shows. */
export type CardMark = Pick<
  Mark,
  | '_id'
  | '_bookmark'
  | 'url'
  | 'title'
  | 'text'
  | 'notes'
  | 'richText'
  | 'imageAlt'
  | 'mediaType'
  | 'imageSrc'
  | 'color'
  | 'tags'
>

/** A highlight of the dashboard: its text (or image alt), note, page and tags. */
export function MarkCard({
  mark,
  options,
  onTag,
}: {
  mark: CardMark
  options: ViewOptions
  onTag: (filter: Filter) => void
}) {
  const image = isImageMark(mark)
  const note = markNoteText(mark)
  return (
    <article
      className={`card card-${options.size} mark-card`}
      style={{ borderLeftColor: displayColor(mark.color) }}
    >
      <h3 className="card-title">
        <PageLink bookmarkId={mark._bookmark} openAs={options.openAs} hash={`mark-${mark._id}`}>
          {image ? `Image: ${mark.imageAlt || 'no description'}` : mark.text || 'Highlight'}
        </PageLink>
      </h3>
      {note && <p className="card-note">{note}</p>}
      {!options.hideUrl && <p className="card-url">{mark.title || mark.url}</p>}
      <TagList tags={mark.tags} onTag={onTag} />
    </article>
  )
}
