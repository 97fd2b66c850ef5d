// The contract for content scripts, which run inside web pages and so are only guests: each call
// concerns the page the script runs in, whose URL the background takes from the browser (the
// sender's tab), never from the message. A guest gets what painting needs (ids, colours, anchors,
// whether a mark has notes or tags) and the details of one highlight when the person opens it; it
// can create, change and delete the highlights of its own page and save its own page, nothing else.
import { z } from 'zod'
import { createBookmark, type Bookmark } from '../domain/entities/bookmark'
import { EntityIdSchema } from '../domain/entities/common'
import {
  createMark,
  hasMarkNotes,
  markNoteText,
  noteChanges,
  HighlightSourceSchema,
  MediaType,
  type Mark,
} from '../domain/entities/mark'
import { ObjectStore } from '../domain/entities/object-store'
import { isBlacklisted } from '../domain/blacklist'
import { addRecentColor } from '../domain/color'
import { markUrlFor, marksShownOnPage, pageUrlsMatch } from '../domain/page-url'
import { toSiteOrigin } from '../domain/filters'
import { topTagSuggestions } from '../domain/tags'
import { YOUTUBE_VIDEO_ID_PATTERN, toYoutubeWatchUrl } from '../domain/youtube'
import type { LocalStore } from '../store/local-store'
import { YOUTUBE_DAILY_LIMIT_MESSAGE, youtubeDailyAllowance } from '../youtube/daily-limit'
import {
  isTranscriptMark,
  transcriptHighlightSource,
  transcriptSpanOf,
  type TranscriptHighlight,
} from '../youtube/transcript-mark'
import { isYoutubeSiteUrl } from '../youtube/youtube-site'
import { saveVideoTranscript } from '../youtube/video-transcript-save'
import {
  GUEST_CHANNEL,
  type GuestCallName,
  type GuestContext,
  type GuestPage,
  type GuestSettings,
  type GuestVideoPage,
  type GuestYoutubeOptions,
  type MarkDetails,
  type PaintableMark,
} from './guest-protocol'
import { InvalidCallError } from './store-calls'

const MAX_TEXT = 100_000
/** Image highlighting is an Ultimate (and free trial) feature (spec section 6). */
export const IMAGE_HIGHLIGHTING_PLAN_MESSAGE =
  'Image highlighting is part of Ultimate. Start your free trial to highlight images.'
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/)
const tags = z.array(z.string().trim().min(1).max(100)).max(100)

const NewMarkSchema = z.object({
  title: z.string().max(2_000).optional(),
  text: z.string().max(MAX_TEXT),
  color,
  highlightSource: HighlightSourceSchema.optional(),
  mediaType: z.enum(MediaType).optional(),
  imageSrc: z.string().max(8_192).optional(),
  imageAlt: z.string().max(2_000).optional(),
})

const videoId = z.string().regex(YOUTUBE_VIDEO_ID_PATTERN)
const seconds = z.number().finite().nonnegative().max(1_000_000)
const NewTranscriptMarkSchema = z.object({
  title: z.string().max(2_000).optional(),
  color,
  languageCode: z.string().regex(/^[A-Za-z0-9-]{1,35}$/),
  firstIndex: z.number().int().nonnegative().max(1_000_000),
  lines: z
    .array(z.object({ text: z.string().min(1).max(10_000), offset: seconds, duration: seconds }))
    .min(1)
    .max(1_000)
    .refine((lines) => lines.reduce((total, line) => total + line.text.length, 0) <= MAX_TEXT),
})
const VideoTranscriptSchema = z.object({
  lines: z
    .array(z.object({ text: z.string().max(10_000), offset: seconds, duration: seconds }))
    .max(20_000)
    .refine((lines) => lines.reduce((total, line) => total + line.text.length, 0) <= 2_000_000),
  availableLanguages: z.array(z.string().regex(/^[A-Za-z0-9-]{1,35}$/)).max(200),
})
const YoutubeOptionsChangesSchema = z.object({
  enableAutoscrolling: z.boolean().optional(),
  enableStickyPlayer: z.boolean().optional(),
})

const MarkChangesSchema = z
  .object({ color: color.optional(), notes: z.string().max(MAX_TEXT).optional(), tags })
  .partial()

/** Every guest call, with the schema of its argument list. */
export const GUEST_CALLS = {
  loadPage: z.tuple([]),
  recordPageOpened: z.tuple([]),
  createMark: z.tuple([NewMarkSchema]),
  updateMark: z.tuple([EntityIdSchema.max(256), MarkChangesSchema]),
  deleteMark: z.tuple([EntityIdSchema.max(256)]),
  getMarkDetails: z.tuple([EntityIdSchema.max(256)]),
  savePage: z.tuple([z.object({ title: z.string().max(2_000).optional() })]),
  suggestTags: z.tuple([z.string().max(100), z.array(z.string().max(200)).max(500).optional()]),
  loadVideoPage: z.tuple([videoId]),
  createTranscriptMark: z.tuple([videoId, NewTranscriptMarkSchema]),
  deleteTranscriptMark: z.tuple([videoId, EntityIdSchema.max(256)]),
  setYoutubeOptions: z.tuple([YoutubeOptionsChangesSchema]),
  saveVideoTranscript: z.tuple([videoId, VideoTranscriptSchema]),
} as const satisfies Record<GuestCallName, z.ZodType>

export const GuestCallMessageSchema = z.object({
  channel: z.literal(GUEST_CHANNEL),
  method: z.enum(Object.keys(GUEST_CALLS) as [GuestCallName, ...GuestCallName[]]),
  args: z.array(z.unknown()).max(4),
})

const GUEST_WRITES: ReadonlySet<string> = new Set([
  'createMark',
  'updateMark',
  'deleteMark',
  'savePage',
  'createTranscriptMark',
  'deleteTranscriptMark',
  'setYoutubeOptions',
  'saveVideoTranscript',
])

/** Whether a guest message is one that writes (its answer waits for the write to be durable). */
export function isGuestWrite(message: unknown): boolean {
  const parsed = GuestCallMessageSchema.safeParse(message)
  return parsed.success && GUEST_WRITES.has(parsed.data.method)
}

function paintable(mark: Mark): PaintableMark {
  return {
    _id: mark._id,
    color: mark.color,
    mediaType: mark.mediaType ?? MediaType.BLOCKQUOTE,
    ...(mark.highlightSource ? { highlightSource: mark.highlightSource } : {}),
    ...(mark.highlightSourceReader ? { highlightSourceReader: mark.highlightSourceReader } : {}),
    ...(mark.imageSrc ? { imageSrc: mark.imageSrc } : {}),
    ...(mark.text !== undefined ? { text: mark.text } : {}),
    hasNotes: hasMarkNotes(mark),
    hasTags: mark.tags.length > 0,
  }
}

function guestSettings(store: LocalStore, context: GuestContext): GuestSettings {
  const settings = store.getChromeSettings()
  return {
    highlighterMode:
      settings.highlighterMode === 'EXPERT' && context.unlimitedFeatures === true
        ? 'EXPERT'
        : 'BASIC',
    showMarkerPopup: settings.showMarkerPopup !== false,
    showToolboxAutomatically: settings.showToolboxAutomatically !== false,
    defaultHighlightColor: settings.defaultHighlightColor,
    recentColors: settings.recentColors.slice(0, 8),
    showLeftSidebarWidget: settings.showLeftSidebarWidget !== false,
    sidebarOptions: {
      sidebarWidth: settings.sidebarOptions.sidebarWidth,
      sidebarAlignment: settings.sidebarOptions.sidebarAlignment,
      sidebarBehavior: settings.sidebarOptions.sidebarBehavior,
    },
  }
}

/** The page's highlight `markId`, or an error if it is not a highlight of this page. */
function ownMark(store: LocalStore, context: GuestContext, markId: string): Mark {
  const mark = store.getEntityById(markId, ObjectStore.MARKS) as Mark | undefined
  if (!mark || !pageUrlsMatch(mark.url, context.pageUrl)) {
    throw new InvalidCallError('No such highlight on this page')
  }
  return mark
}

function blacklisted(store: LocalStore, context: GuestContext): boolean {
  return isBlacklisted(
    context.pageUrl,
    store.getChromeSettings().blacklistedUrls,
    context.exemptHosts ? { exemptHosts: context.exemptHosts } : {},
  )
}

/**
 * The context a video's transcript highlights live under. The video id comes from the message: on
 * YouTube one document shows video after video (history.pushState) while the browser keeps
 * reporting the URL it was loaded with, so the tab's URL cannot name the video. It is accepted
 * only from a document of YouTube's own site, which could navigate to any video itself (see
 * youtube/youtube-site.ts). The context's URL is the video's canonical watch URL, so `&t=` or
 * `&list=` do not split a video's highlights over several bookmarks (watch URLs match only by
 * full equality).
 */
function videoContextOf(context: GuestContext, videoId: string): GuestContext {
  if (!isYoutubeSiteUrl(context.pageUrl)) {
    throw new InvalidCallError('This page is not on YouTube')
  }
  return { ...context, pageUrl: toYoutubeWatchUrl(videoId) }
}

function transcriptHighlight(mark: Mark): TranscriptHighlight | null {
  const span = transcriptSpanOf(mark.highlightSource)
  return span ? { _id: mark._id, color: mark.color, text: mark.text ?? '', ...span } : null
}

function youtubeOptions(store: LocalStore): GuestYoutubeOptions {
  const options = store.getChromeSettings().youtubeOptions
  return {
    enableAutoscrolling: options.enableAutoscrolling,
    enableStickyPlayer: options.enableStickyPlayer,
  }
}

function mayHighlightVideo(store: LocalStore, context: GuestContext, videoId: string): boolean {
  return youtubeDailyAllowance(
    videoId,
    store.getAllMarks(),
    store.now(),
    context.unlimitedFeatures === true,
  ).allowed
}

function rejectedMessage(result: { rejected: { message?: string; reason?: string }[] }): string {
  const [first] = result.rejected
  return first?.message ?? first?.reason ?? 'The change was refused'
}

/** The page's bookmark, created (unstarred) when missing. */
async function bookmarkFor(
  store: LocalStore,
  context: GuestContext,
  title: string | undefined,
): Promise<Bookmark> {
  const existing = store.getBookmarkForUrl(context.pageUrl)
  if (existing) {
    return existing
  }
  const bookmark = createBookmark(
    {
      _id: store.createId(),
      url: context.pageUrl,
      origin: toSiteOrigin(context.pageUrl) ?? undefined,
      title: title?.trim() || context.pageUrl,
    },
    store.now(),
  )
  const result = await store.createOrUpdateEntities([bookmark])
  if (result.rejected.length > 0) {
    throw new InvalidCallError(rejectedMessage(result))
  }
  return store.getBookmark(bookmark._id)!
}

const handlers: {
  [M in GuestCallName]: (
    store: LocalStore,
    context: GuestContext,
    args: z.output<(typeof GUEST_CALLS)[M]>,
  ) => unknown
} = {
  loadPage(store, context): GuestPage {
    const settings = guestSettings(store, context)
    if (blacklisted(store, context)) {
      return { blacklisted: true, settings, isStarred: false, marks: [] }
    }
    // Reading writes nothing: loadPage runs again on every LIBRARY_CHANGED, and a visit recorded
    // here would itself announce a change, a write loop (recordPageOpened, ADR 079).
    const bookmark = store.getBookmarkForUrl(context.pageUrl)
    return {
      blacklisted: false,
      settings,
      ...(bookmark ? { bookmarkId: bookmark._id } : {}),
      isStarred: bookmark?.isStarred === true,
      // Transcript highlights are the YouTube panel's (loadVideoPage): they are not in the page.
      // Highlights of another page that the spec's rule filed here stay on their page (ADR 069).
      marks: bookmark
        ? marksShownOnPage(store.getMarksForBookmark(bookmark._id), context.pageUrl)
            .filter((mark) => !isTranscriptMark(mark))
            .map(paintable)
        : [],
    }
  },

  /** A saved page visited is a page opened ("Recently opened"); not an edit, so no sync (ADR 079). */
  async recordPageOpened(store, context): Promise<{ opened: boolean }> {
    const bookmark = blacklisted(store, context)
      ? undefined
      : store.getBookmarkForUrl(context.pageUrl)
    if (bookmark === undefined) {
      return { opened: false }
    }
    return { opened: (await store.recordBookmarkOpened(bookmark._id)) !== undefined }
  },

  async createMark(store, context, [fields]): Promise<PaintableMark> {
    if (blacklisted(store, context)) {
      throw new InvalidCallError('Highlighting is turned off on this site')
    }
    if (fields.mediaType === MediaType.IMAGE && context.unlimitedFeatures !== true) {
      throw new InvalidCallError(IMAGE_HIGHLIGHTING_PLAN_MESSAGE)
    }
    const bookmark = await bookmarkFor(store, context, fields.title)
    const mark = createMark(
      {
        _id: store.createId(),
        _bookmark: bookmark._id,
        url: markUrlFor(bookmark.url, context.pageUrl),
        origin: bookmark.origin,
        title: bookmark.title,
        text: fields.text,
        color: fields.color,
        highlightSource: fields.highlightSource,
        mediaType: fields.mediaType,
        imageSrc: fields.imageSrc,
        imageAlt: fields.imageAlt,
      },
      store.now(),
    )
    const result = await store.createOrUpdateEntities([mark])
    if (result.rejected.length > 0) {
      throw new InvalidCallError(rejectedMessage(result))
    }
    // The spec's list, capped at about 10 (addRecentColor): the settings show it and can clear it.
    const recentColors = addRecentColor(store.getChromeSettings().recentColors, fields.color)
    await store.updateChromeSettings({ recentColors })
    return paintable(store.getEntityById(mark._id, ObjectStore.MARKS) as Mark)
  },

  async updateMark(store, context, [markId, changes]): Promise<PaintableMark> {
    const mark = ownMark(store, context, markId)
    // A note edited as plain text replaces the rich text it was shown from.
    const applied =
      changes.notes === undefined ? changes : { ...changes, ...noteChanges(changes.notes) }
    const result = await store.createOrUpdateEntities([{ ...mark, ...applied }])
    if (result.rejected.length > 0) {
      throw new InvalidCallError(rejectedMessage(result))
    }
    return paintable(store.getEntityById(markId, ObjectStore.MARKS) as Mark)
  },

  async deleteMark(store, context, [markId]): Promise<{ bookmarkDeleted: boolean }> {
    const mark = ownMark(store, context, markId)
    const result = await store.markEntitiesAsDeleted([
      { _id: mark._id, _objectStore: ObjectStore.MARKS },
    ])
    const gone = [...result.removed, ...result.markedDeleted]
    return {
      bookmarkDeleted: gone.some(
        (ref) => ref._objectStore === ObjectStore.BOOKMARKS && ref._id === mark._bookmark,
      ),
    }
  },

  getMarkDetails(store, context, [markId]): MarkDetails {
    const mark = ownMark(store, context, markId)
    return { ...paintable(mark), notes: markNoteText(mark), tags: [...mark.tags] }
  },

  async savePage(store, context, [{ title }]): Promise<{ bookmarkId: string; isStarred: true }> {
    if (blacklisted(store, context)) {
      throw new InvalidCallError('Highlighting is turned off on this site')
    }
    const bookmark = await bookmarkFor(store, context, title)
    if (!bookmark.isStarred) {
      const result = await store.createOrUpdateEntities([{ ...bookmark, isStarred: true }])
      if (result.rejected.length > 0) {
        throw new InvalidCallError(rejectedMessage(result))
      }
    }
    return { bookmarkId: bookmark._id, isStarred: true }
  },

  loadVideoPage(store, context, [videoId]): GuestVideoPage {
    const videoContext = videoContextOf(context, videoId)
    const settings = store.getChromeSettings()
    const page: GuestVideoPage = {
      blacklisted: blacklisted(store, videoContext),
      videoId,
      highlights: [],
      youtubeOptions: youtubeOptions(store),
      defaultHighlightColor: settings.defaultHighlightColor,
      mayHighlight: false,
    }
    if (page.blacklisted) {
      return page
    }
    const bookmark = store.getBookmarkForUrl(videoContext.pageUrl)
    const marks = bookmark ? store.getMarksForBookmark(bookmark._id) : []
    page.highlights = marks
      .map(transcriptHighlight)
      .filter((highlight) => highlight !== null && highlight.videoId === videoId)
      .sort((a, b) => a!.offset - b!.offset) as TranscriptHighlight[]
    page.mayHighlight = mayHighlightVideo(store, context, videoId)
    return page
  },

  async createTranscriptMark(store, context, [videoId, fields]): Promise<TranscriptHighlight> {
    const videoContext = videoContextOf(context, videoId)
    if (blacklisted(store, videoContext)) {
      throw new InvalidCallError('Highlighting is turned off on this site')
    }
    if (!mayHighlightVideo(store, context, videoId)) {
      throw new InvalidCallError(YOUTUBE_DAILY_LIMIT_MESSAGE)
    }
    const highlightSource = transcriptHighlightSource(
      fields.lines,
      fields.firstIndex,
      videoId,
      fields.languageCode,
    )
    const bookmark = await bookmarkFor(store, videoContext, fields.title)
    const mark = createMark(
      {
        _id: store.createId(),
        _bookmark: bookmark._id,
        url: bookmark.url,
        origin: bookmark.origin,
        title: bookmark.title,
        text: highlightSource.text,
        color: fields.color,
        highlightSource,
      },
      store.now(),
    )
    const result = await store.createOrUpdateEntities([mark])
    if (result.rejected.length > 0) {
      throw new InvalidCallError(rejectedMessage(result))
    }
    return transcriptHighlight(store.getEntityById(mark._id, ObjectStore.MARKS) as Mark)!
  },

  async deleteTranscriptMark(
    store,
    context,
    [videoId, markId],
  ): Promise<{ bookmarkDeleted: boolean }> {
    const videoContext = videoContextOf(context, videoId)
    const mark = ownMark(store, videoContext, markId)
    if (transcriptSpanOf(mark.highlightSource)?.videoId !== videoId) {
      throw new InvalidCallError('No such highlight on this video')
    }
    const result = await store.markEntitiesAsDeleted([
      { _id: mark._id, _objectStore: ObjectStore.MARKS },
    ])
    const gone = [...result.removed, ...result.markedDeleted]
    return {
      bookmarkDeleted: gone.some(
        (ref) => ref._objectStore === ObjectStore.BOOKMARKS && ref._id === mark._bookmark,
      ),
    }
  },

  async saveVideoTranscript(store, context, [videoId, transcript]) {
    const videoContext = videoContextOf(context, videoId)
    if (blacklisted(store, videoContext)) {
      throw new InvalidCallError('Highlighting is turned off on this site')
    }
    const saved = await saveVideoTranscript(store, videoId, transcript)
    if (saved.status === 'refused') {
      throw new InvalidCallError(saved.message)
    }
    return { status: saved.status }
  },

  async setYoutubeOptions(store, _context, [changes]): Promise<GuestYoutubeOptions> {
    const current = store.getChromeSettings().youtubeOptions
    await store.updateChromeSettings({
      youtubeOptions: {
        ...current,
        ...(changes.enableAutoscrolling !== undefined
          ? { enableAutoscrolling: changes.enableAutoscrolling }
          : {}),
        ...(changes.enableStickyPlayer !== undefined
          ? { enableStickyPlayer: changes.enableStickyPlayer }
          : {}),
      },
    })
    return youtubeOptions(store)
  },

  suggestTags(store, _context, [input, excluded]): string[] {
    return topTagSuggestions(input, store.getAllTags(), excluded ?? [])
  },
}

/** Validates a guest message and runs it for the page in `context`. */
export async function runGuestCall(
  store: LocalStore,
  context: GuestContext,
  message: unknown,
): Promise<unknown> {
  const parsed = GuestCallMessageSchema.safeParse(message)
  if (!parsed.success) {
    throw new InvalidCallError('Invalid call')
  }
  const { method, args } = parsed.data
  const checked = GUEST_CALLS[method].safeParse(args)
  if (!checked.success) {
    throw new InvalidCallError(`Invalid arguments for ${method}`)
  }
  const handler = handlers[method] as (
    store: LocalStore,
    context: GuestContext,
    args: unknown,
  ) => unknown
  return await handler(store, context, checked.data)
}
