import {
  highlightColorName,
  isImageMark,
  markNoteText,
  memoryLevel,
  memoryLevelLabel,
  type Mark,
} from '@inkmark/shared'
import { Button, ColorPicker } from '@inkmark/design'
import { Link } from '@tanstack/react-router'
import { ConfirmButton } from '../components/ConfirmButton'
import { NoteEditor } from '../components/NoteEditor'
import { TagEditor } from '../components/TagEditor'
import { capitalized } from '../lib/capitalized'
import { displayColor } from '../lib/display-color'
import { formatDate } from '../lib/format-date'
import { toImageSource } from '../lib/safe-url'

/** Props of MarkItem. */
export interface MarkItemProps {
  mark: Mark
  /** Whether deleting this highlight also removes its page (its last, on an unstarred page). */
  removesPage: boolean
  /** The colours offered for a change (the current one among them). */
  offeredColors: readonly string[]
  onColorChange: (color: string) => void
  onNoteChange: (note: string) => void
  onTagsChange: (tags: string[]) => void
  /** Takes the highlight out of learning (true) or brings it back (false). */
  onLearningDisabledChange: (disabled: boolean) => void
  onDelete: () => void
}

/** One highlight of the notebook: text or image, colour, note, tags, learning state. */
export function MarkItem({
  mark,
  removesPage,
  offeredColors,
  onColorChange,
  onNoteChange,
  onTagsChange,
  onLearningDisabledChange,
  onDelete,
}: MarkItemProps) {
  const color = displayColor(mark.color)
  const colorChoices = offeredColors.includes(color) ? offeredColors : [color, ...offeredColors]
  const imageSource = isImageMark(mark) ? toImageSource(mark.imageSrc) : undefined
  const discarded = mark.learningItem?.disableLearning === true
  const level = memoryLevelLabel(memoryLevel(mark.learningItem))
  const nextReview = discarded ? undefined : mark.learningItem?.nextReviewInMillis
  return (
    <li id={`mark-${mark._id}`} className="mark-item" style={{ borderLeftColor: color }}>
      {imageSource ? (
        // Opens the image large (the image-viewer dialog).
        <Link
          to="."
          search={(previous: Record<string, unknown>) => ({
            ...previous,
            dialog: 'image-viewer' as const,
            mark: mark._id,
          })}
          className="mark-image-link"
          aria-label={`View image${mark.imageAlt ? `: ${mark.imageAlt}` : ''} large`}
        >
          <img className="mark-image" src={imageSource} alt={mark.imageAlt ?? ''} loading="lazy" />
        </Link>
      ) : (
        <blockquote className="mark-text">{mark.text}</blockquote>
      )}
      <NoteEditor note={markNoteText(mark)} onSave={onNoteChange} />
      <dl className="mark-facts">
        <div>
          <dt>Colour</dt>
          <dd>
            <ColorPicker
              className="mark-color"
              label="Colour of this highlight"
              hideLabel
              colors={colorChoices.map((choice) => ({
                value: choice,
                name: capitalized(highlightColorName(choice)),
              }))}
              value={color}
              onChange={onColorChange}
            />
          </dd>
        </div>
        <div>
          <dt>Learning</dt>
          <dd className="mark-learning">
            <span>
              {level}
              {nextReview !== undefined && ` · next review ${formatDate(nextReview)}`}
            </span>
            <Button size="sm" variant="ghost" onPress={() => onLearningDisabledChange(!discarded)}>
              {discarded ? 'Bring back to learning' : 'Discard from learning'}
            </Button>
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
            ? 'Delete this highlight? It is the last one of a page that is not saved, so the page is removed too.'
            : 'Delete this highlight?'
        }
        confirmLabel="Delete highlight"
        onConfirm={onDelete}
      />
    </li>
  )
}
