// A mark: a highlight of text or an image on a page, or a note. It carries the anchors the
// highlighter re-finds it by (highlightSource for the live page, highlightSourceReader for the
// reader view), its rich-text note and its flashcard state. Unknown keys are kept on purpose.
import { z } from 'zod'
import { DEFAULT_HIGHLIGHT_COLOR } from '../color'
import { EntityIdSchema, EpochMillisSchema, syncFieldsShape, withoutUndefined } from './common'
import { LearningItemSchema } from './learning-item'
import { ObjectStore } from './object-store'
import { DEFAULT_PERMISSION, PermissionSchema } from './permission'

/** Where a mark comes from: the web (and PDFs, videos) or a Kindle notebook. */
export const MarkType = { NORMAL: 'normal', KINDLE: 'kindle' } as const
export type MarkType = (typeof MarkType)[keyof typeof MarkType]

/** How a mark's content is shown; a mark without one is a blockquote. */
export const MediaType = {
  BLOCKQUOTE: 'blockquote',
  PARAGRAPH: 'paragraph',
  HEADING1: 'heading1',
  HEADING2: 'heading2',
  HEADING3: 'heading3',
  BULLET_LIST_ITEM: 'bulletListItem',
  IMAGE: 'image',
  CODE: 'code',
} as const
export type MediaType = (typeof MediaType)[keyof typeof MediaType]

/** Media type of a mark whose mediaType is unset. */
export const DEFAULT_MEDIA_TYPE: MediaType = MediaType.BLOCKQUOTE
/** Type of a new mark. */
export const DEFAULT_MARK_TYPE: MarkType = MarkType.NORMAL

/** Attribute holding the mark id on a painted highlight element. */
export const MARK_ID_ATTRIBUTE = 'markid'
/** Attribute holding the media type on a painted highlight element. */
export const MARK_MEDIA_TYPE_ATTRIBUTE = 'media-type'
/** Class of every painted highlight element. */
export const HIGHLIGHT_CLASS = 'inkmark-highlight'
/** Extra class of a painted highlight whose mark has tags. */
export const HIGHLIGHT_WITH_TAGS_CLASS = 'webhighlight-with-tags'
/** Extra class of a painted highlight whose mark has notes. */
export const HIGHLIGHT_WITH_NOTES_CLASS = 'webhighlight-with-notes'

/** One end of a highlight: the parent element's tag name and index, and the text offset in it. */
export const HighlightSourceMetaSchema = z.looseObject({
  parentTagName: z.string(),
  parentIndex: z.number().int().nonnegative(),
  textOffset: z.number().int().nonnegative(),
})
export type HighlightSourceMeta = z.infer<typeof HighlightSourceMetaSchema>

/** Where a highlight sits in a page: its start and end, plus the highlighted text and an id. */
export const HighlightSourceSchema = z.looseObject({
  startMeta: HighlightSourceMetaSchema,
  endMeta: HighlightSourceMetaSchema,
  text: z.string().optional(),
  id: z.string().optional(),
})
export type HighlightSource = z.infer<typeof HighlightSourceSchema>

/** One insert operation of a rich-text note (a text or an embed, with optional attributes). */
export const RichTextOpSchema = z.looseObject({
  insert: z.union([z.string(), z.record(z.string(), z.unknown())]),
  attributes: z.record(z.string(), z.unknown()).optional(),
})
export type MarkRichTextOp = z.infer<typeof RichTextOpSchema>

/** Validates a mark; missing color, tags, type and permission take their defaults. */
export const MarkSchema = z.looseObject({
  _id: EntityIdSchema,
  _objectStore: z.literal(ObjectStore.MARKS).optional(),
  /** Id of the bookmark the mark belongs to. */
  _bookmark: EntityIdSchema,
  url: z.string(),
  origin: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  color: z.string().default(DEFAULT_HIGHLIGHT_COLOR),
  tags: z.array(z.string()).default(() => []),
  notes: z.string().optional(),
  richText: z.array(RichTextOpSchema).optional(),
  type: z.enum(MarkType).default(DEFAULT_MARK_TYPE),
  /** Unset means blockquote: read it through `markMediaType`. */
  mediaType: z.enum(MediaType).optional(),
  imageSrc: z.string().optional(),
  imageAlt: z.string().optional(),
  highlightSource: HighlightSourceSchema.optional(),
  highlightSourceReader: HighlightSourceSchema.optional(),
  /** A serialized selection from older clients, kept as it was. */
  rangyObject: z.unknown().optional(),
  domElementOffsetTop: z.number().optional(),
  domElementOffsetLeft: z.number().optional(),
  permission: PermissionSchema.default(DEFAULT_PERMISSION),
  /** Whether a shared page shows this mark's note; unset means hidden (ADR 057). */
  isNotePublic: z.boolean().optional(),
  /** When the owner last changed permission or isNotePublic: the later wins a merge (ADR 064). */
  sharingChangedAt: EpochMillisSchema.optional(),
  learningItem: LearningItemSchema.optional(),
  createdAt: EpochMillisSchema,
  ...syncFieldsShape,
})
export type Mark = z.infer<typeof MarkSchema>
/** What `createMark` accepts: the id, bookmark id and url plus any mark field. */
export type MarkInit = Pick<z.input<typeof MarkSchema>, '_id' | '_bookmark' | 'url'> &
  Partial<z.input<typeof MarkSchema>>

/** A new mark created, updated and modified at `now`, with the spec's defaults (#fdffb4, no tags). */
export function createMark(fields: MarkInit, now: number): Mark {
  return MarkSchema.parse({
    _objectStore: ObjectStore.MARKS,
    createdAt: now,
    updatedAt: now,
    modifiedAt: now,
    ...withoutUndefined(fields),
  })
}

/** The mark's media type, blockquote when unset. */
export function markMediaType(mark: Pick<Mark, 'mediaType'>): MediaType {
  return mark.mediaType ?? DEFAULT_MEDIA_TYPE
}

/** Whether the mark is an image mark: media type image and an image source present. */
export function isImageMark(mark: Pick<Mark, 'mediaType' | 'imageSrc'>): boolean {
  return mark.mediaType === MediaType.IMAGE && (mark.imageSrc ?? '') !== ''
}

/** Whether the mark has a note: note text, or rich text with any content. */
export function hasMarkNotes(mark: Pick<Mark, 'notes' | 'richText'>): boolean {
  if ((mark.notes ?? '').trim() !== '') {
    return true
  }
  // An embed (an object insert) is content; a text insert counts only if it is not blank.
  return (mark.richText ?? []).some(
    (op) => typeof op.insert !== 'string' || op.insert.trim() !== '',
  )
}

/** A mark's note as plain text: its `notes`, else the text inserts of its rich text. */
export function markNoteText(mark: Pick<Mark, 'notes' | 'richText'>): string {
  const notes = (mark.notes ?? '').trim()
  if (notes !== '') {
    return notes
  }
  return (mark.richText ?? [])
    .map((op) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('')
    .trim()
}

/**
 * The changes that give a mark the plain note `text` (blank clears it). A note edited as plain
 * text replaces the rich text it may have come from, which would otherwise still show its old
 * words wherever rich text is preferred.
 */
export function noteChanges(text: string): Pick<Mark, 'notes' | 'richText'> {
  return { notes: text.trim(), richText: undefined }
}

/** The classes a painted highlight of this mark carries (tags and notes add their own). */
export function highlightClassNames(mark: Pick<Mark, 'tags' | 'notes' | 'richText'>): string[] {
  const classes = [HIGHLIGHT_CLASS]
  if (mark.tags.length > 0) {
    classes.push(HIGHLIGHT_WITH_TAGS_CLASS)
  }
  if (hasMarkNotes(mark)) {
    classes.push(HIGHLIGHT_WITH_NOTES_CLASS)
  }
  return classes
}
