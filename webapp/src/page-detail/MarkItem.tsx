import { isImageMark, memoryLevel, memoryLevelLabel, type Mark } from '@inkmark/shared'
import { ConfirmButton } from '../components/ConfirmButton'
import { TagEditor } from '../components/TagEditor'
import { displayColor } from '../lib/display-color'
import { formatDate } from '../lib/format-date'
import { toImageSource } from '../lib/safe-url'

/** Props of MarkItem. */
export interface MarkItemProps {
  mark: Mark
  /** Whether deleting this highlight also removes its page (its last, on an unstarred page). */
  removesPage: boolean
  onTagsChange: (tags: string[]) => void
  onDelete: () => void
}

/** One highlight of the notebook: text or image, colour, note, tags, learning state. */
export function MarkItem({ mark, removesPage, onTagsChange, onDelete }: MarkItemProps) {
  const color = displayColor(mark.color)
  const imageSource = isImageMark(mark) ? toImageSource(mark.imageSrc) : undefined
  const level = memoryLevelLabel(memoryLevel(mark.learningItem))
  const nextReview = mark.learningItem?.nextReviewInMillis
  return (
    <li id={`mark-${mark._id}`} className="mark-item" style={{ borderLeftColor: color }}>
      {imageSource ? (
        <img className="mark-image" src={imageSource} alt={mark.imageAlt ?? ''} loading="lazy" />
      ) : (
        <blockquote className="mark-text">{mark.text}</blockquote>
      )}
      {mark.notes && (
        <div className="mark-note">
          <span className="visually-hidden">Note: </span>
          {mark.notes}
        </div>
      )}
      <dl className="mark-facts">
        <div>
          <dt>Colour</dt>
          <dd>
            <span className="swatch" style={{ backgroundColor: color }} aria-hidden="true" />{' '}
            {color}
          </dd>
        </div>
        <div>
          <dt>Learning</dt>
          <dd>
            {level}
            {nextReview !== undefined && ` · next review ${formatDate(nextReview)}`}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(mark.createdAt)}</dd>
        </div>
      </dl>
      <TagEditor tags={mark.tags} subject="highlight" onChange={onTagsChange} />
      <ConfirmButton
        label="Delete highlight"
        question={
          removesPage
            ? 'Delete this highlight? It is the last one of a page that is not starred, so the page is removed too.'
            : 'Delete this highlight?'
        }
        confirmLabel="Delete highlight"
        onConfirm={onDelete}
      />
    </li>
  )
}
