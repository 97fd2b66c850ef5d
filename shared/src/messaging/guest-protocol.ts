// What a content script and the background say to each other, as plain types and one message
// builder: the content script imports only this (no schemas, no store), so it stays small. The
// background validates every message with the schemas in guest-calls.ts.
import type { SidebarAlignment, SidebarBehavior } from '../domain/sidebar-layout'
import type { SpanLine, TranscriptHighlight } from '../youtube/transcript-mark'

/** The channel of guest messages. */
export const GUEST_CHANNEL = 'inkmark:guest'

/** One end of a highlight in the page (the spec's highlightSource meta). */
export interface GuestHighlightSource {
  startMeta: { parentTagName: string; parentIndex: number; textOffset: number }
  endMeta: { parentTagName: string; parentIndex: number; textOffset: number }
  text?: string
  id?: string
  [more: string]: unknown
}

/** What a guest needs to paint one highlight. */
export interface PaintableMark {
  _id: string
  color: string
  mediaType: string
  highlightSource?: GuestHighlightSource
  /** The reader's anchors of a mark made in the reader (the live page uses only its quote). */
  highlightSourceReader?: GuestHighlightSource
  imageSrc?: string
  text?: string
  hasNotes: boolean
  hasTags: boolean
}

/** The details of one highlight, for its toolbox (rendered as text by the guest). */
export interface MarkDetails extends PaintableMark {
  notes: string
  tags: string[]
}

/** Where the sidebar opens, how wide, and whether it pushes the page aside. */
export interface GuestSidebarOptions {
  sidebarWidth: number
  sidebarAlignment: SidebarAlignment
  sidebarBehavior: SidebarBehavior
}

/** The settings a guest acts on. */
export interface GuestSettings {
  showMarkerPopup: boolean
  showToolboxAutomatically: boolean
  defaultHighlightColor: string
  recentColors: string[]
  /** Whether a small button on the page's edge opens the sidebar. */
  showLeftSidebarWidget: boolean
  sidebarOptions: GuestSidebarOptions
  /**
   * The highlighter mode in effect: 'EXPERT' (shown as Advanced) only when it is chosen and the
   * plan has advanced highlighting (Ultimate, trial); 'BASIC' (Standard) otherwise.
   */
  highlighterMode: 'BASIC' | 'EXPERT'
}

export interface GuestPage {
  blacklisted: boolean
  settings: GuestSettings
  bookmarkId?: string
  isStarred: boolean
  marks: PaintableMark[]
}

/** A new highlight, as the content script describes it. */
export interface NewMark {
  title?: string
  text: string
  color: string
  highlightSource?: GuestHighlightSource
  mediaType?: string
  imageSrc?: string
  imageAlt?: string
}

/** The changes the toolbox makes to a highlight. */
export interface MarkChanges {
  color?: string
  notes?: string
  tags?: string[]
}

/** The YouTube options the transcript panel acts on (chrome settings' youtubeOptions). */
export interface GuestYoutubeOptions {
  enableAutoscrolling: boolean
  enableStickyPlayer: boolean
}

/** A video on YouTube as the transcript panel sees it. */
export interface GuestVideoPage {
  blacklisted: boolean
  /** The video's id, as asked for. */
  videoId: string
  highlights: TranscriptHighlight[]
  youtubeOptions: GuestYoutubeOptions
  defaultHighlightColor: string
  /** Whether a new highlight on this video is allowed today (false when over the daily limit). */
  mayHighlight: boolean
}

/** New transcript highlight: consecutive lines, the first being line `firstIndex` of the track. */
export interface NewTranscriptMark {
  title?: string
  color: string
  languageCode: string
  firstIndex: number
  lines: SpanLine[]
}

/** A video's transcript to keep as its page's content (ADR 083). */
export interface VideoTranscriptSaveArgs {
  lines: SpanLine[]
  availableLanguages: string[]
}

/** Every guest method with its arguments. */
export interface GuestCalls {
  loadPage: []
  /** Records the page's visit (openedAt); made once per page load, never on a reload (ADR 079). */
  recordPageOpened: []
  createMark: [fields: NewMark]
  updateMark: [markId: string, changes: MarkChanges]
  deleteMark: [markId: string]
  getMarkDetails: [markId: string]
  savePage: [page: { title?: string }]
  /** The library's tags ranked for `input` (spec section 5), without the item's `excluded` tags. */
  suggestTags: [input: string, excluded?: string[]]
  loadVideoPage: [videoId: string]
  createTranscriptMark: [videoId: string, fields: NewTranscriptMark]
  deleteTranscriptMark: [videoId: string, markId: string]
  setYoutubeOptions: [options: Partial<GuestYoutubeOptions>]
  saveVideoTranscript: [videoId: string, transcript: VideoTranscriptSaveArgs]
}
/** What each guest method answers. */
export interface GuestResults {
  loadPage: GuestPage
  /** False when the page is not saved (or its site is blacklisted): nothing was written. */
  recordPageOpened: { opened: boolean }
  createMark: PaintableMark
  updateMark: PaintableMark
  deleteMark: { bookmarkDeleted: boolean }
  getMarkDetails: MarkDetails
  savePage: { bookmarkId: string; isStarred: true }
  suggestTags: string[]
  loadVideoPage: GuestVideoPage
  createTranscriptMark: TranscriptHighlight
  deleteTranscriptMark: { bookmarkDeleted: boolean }
  setYoutubeOptions: GuestYoutubeOptions
  /** 'saved', 'kept' (it had one), 'no-page' (the video is not in the library); a refusal throws. */
  saveVideoTranscript: { status: 'saved' | 'kept' | 'no-page' }
}
export type GuestCallName = keyof GuestCalls
export type GuestCallArgs<M extends GuestCallName> = GuestCalls[M]

export interface GuestCallMessage {
  channel: typeof GUEST_CHANNEL
  method: GuestCallName
  args: unknown[]
  /**
   * The page's address as the content script sees it now (`location.href`). The browser reports
   * the address the document was loaded with; a page that moved on with `history.pushState` (a
   * single-page app, YouTube) is elsewhere. The background takes this only on the same origin as
   * the browser's address: a page can pushState to any address of its own origin anyway.
   */
  pageUrl?: string
}

/** The message for calling `method` with `args`. */
export function guestCallMessage<M extends GuestCallName>(
  method: M,
  ...args: GuestCallArgs<M>
): GuestCallMessage {
  return { channel: GUEST_CHANNEL, method, args: [...args] }
}

/** Where the guest runs, as the browser says. */
export interface GuestContext {
  pageUrl: string
  /** Hosts never blacklisted (the product's own app). */
  exemptHosts?: readonly string[]
  /** Whether the person's plan has the unlimited features (image highlighting among them). */
  unlimitedFeatures?: boolean
}
