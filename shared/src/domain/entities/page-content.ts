// The saved content of a page (its readable HTML, or a video's transcript), kept so the reader,
// search and AI work offline. The HTML body may be absent: the store keeps bodies in their own
// document and lists page contents by metadata only (ARCHITECTURE.md).
import { z } from 'zod'
import { EntityIdSchema, EpochMillisSchema, syncFieldsShape, withoutUndefined } from './common'
import { ObjectStore } from './object-store'
import { TranscriptSchema } from './transcript'

/** Kind of saved content; the spec knows only html. */
export const PageContentType = { HTML: 'html' } as const
export type PageContentType = (typeof PageContentType)[keyof typeof PageContentType]

/** Validates a page content; a missing type is html. */
export const PageContentSchema = z.looseObject({
  _id: EntityIdSchema,
  _objectStore: z.literal(ObjectStore.PAGE_CONTENTS).optional(),
  url: z.string(),
  type: z.enum(PageContentType).default(PageContentType.HTML),
  content: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** Size of the content in characters; storage quotas add these up. */
  length: z.number().int().nonnegative().optional(),
  youtubeTranscript: TranscriptSchema.optional(),
  createdAt: EpochMillisSchema,
  /** The app type (wh-app-type) that last stored fresh content. */
  wasUpdatedWithLatestContentFromAppType: z.string().optional(),
  /**
   * User content whose text merges (ADR 081): its text lives in a Yjs doc of its own, `content` is
   * the HTML derived from it.
   */
  mergeableText: z.boolean().optional(),
  /** On the wire only: the mergeable text's Yjs state (base64), merged, never stored as a field. */
  textState: z.string().optional(),
  ...syncFieldsShape,
})
export type PageContent = z.infer<typeof PageContentSchema>
/** What `createPageContent` accepts: the id and url plus any page content field. */
export type PageContentInit = Pick<z.input<typeof PageContentSchema>, '_id' | 'url'> &
  Partial<z.input<typeof PageContentSchema>>

/** A new page content stored at `now`; its length defaults to the content's length. */
export function createPageContent(fields: PageContentInit, now: number): PageContent {
  const defined = withoutUndefined(fields)
  return PageContentSchema.parse({
    _objectStore: ObjectStore.PAGE_CONTENTS,
    createdAt: now,
    updatedAt: now,
    modifiedAt: now,
    ...(defined.content === undefined ? {} : { length: defined.content.length }),
    ...defined,
  })
}
