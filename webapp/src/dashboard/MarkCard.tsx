import { HighlightCard } from '@inkmark/design'
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

/** A highlight of the dashboard: its colour, text (or image alt), note, page and tags. */
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
  return (
    <HighlightCard
      className={`card card-${options.size} mark-card`}
      titleClassName="card-title"
      color={displayColor(mark.color)}
      text={
        <PageLink bookmarkId={mark._bookmark} openAs={options.openAs} hash={`mark-${mark._id}`}>
          {image ? `Image: ${mark.imageAlt || 'no description'}` : mark.text || 'Highlight'}
        </PageLink>
      }
      note={markNoteText(mark) || undefined}
      pageTitle={options.hideUrl ? undefined : mark.title || mark.url}
      tags={<TagList tags={mark.tags} onTag={onTag} />}
    />
  )
}
