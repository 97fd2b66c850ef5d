// How our content script and the extension pages it frames on a web page (the sidebar, a
// highlight's toolbox) talk, and why the page cannot join in (ADR 033). The page shares the
// window with our content script and can post to any child frame (`window.frames[i]`), so window
// messages prove nothing. Instead the content script hands its frame, once per frame document, a
// MessagePort together with the per-tab pass (../service/sidebar-passes.ts); the frame takes the
// port only after the background confirmed the pass, and from then on both sides talk only
// through that port, which no page script holds. Every message is checked here on arrival.

/** The content script hands its frame the pass and a port (postMessage to the extension's origin). */
export const FRAME_HELLO_CHANNEL = 'inkmark:frame-hello'
/** A framed page asks the background whether a pass is one it gave this tab. */
export const FRAME_PASS_CHECK_CHANNEL = 'inkmark:frame-pass-check'
/** The toolbox frame runs a highlight's guest calls (with the pass) for the page it sits on. */
export const TOOLBOX_CALL_CHANNEL = 'inkmark:toolbox'
/** The guest calls the toolbox frame may make. */
export const TOOLBOX_CALLS = ['getMarkDetails', 'updateMark', 'deleteMark', 'suggestTags'] as const

/** The longest pass taken from a message (passes are 48 hex digits). */
const MAX_PASS_LENGTH = 128

/** The hello message; its port travels in the message's transfer list. */
export function frameHelloMessage(pass: string): {
  channel: typeof FRAME_HELLO_CHANNEL
  pass: string
} {
  return { channel: FRAME_HELLO_CHANNEL, pass }
}

/** The pass in `data` when it is exactly a hello message, else undefined. */
export function framePassOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined
  }
  const { channel, pass } = data as { channel?: unknown; pass?: unknown }
  return channel === FRAME_HELLO_CHANNEL &&
    typeof pass === 'string' &&
    pass.length <= MAX_PASS_LENGTH
    ? pass
    : undefined
}

/** At most this many ids are taken from one message; longer ids are refused. */
const MAX_IDS = 10_000
const MAX_ID_LENGTH = 256
const MAX_TEXT = 500
const MAX_URL_LENGTH = 8192
/** The longest page HTML the sidebar takes from its host (as the reader hand-off). */
export const MAX_PAGE_HTML_LENGTH = 8_000_000
const COLOR = /^#[0-9a-fA-F]{6}$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH
const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10_000

/** What the content script tells a frame. */
export type HostMessage =
  /** The sidebar: the ids of the highlights the page could not place. */
  | { type: 'unplaced'; ids: string[] }
  /** The toolbox: show the highlight `markId` of the page at `pageUrl`, offering `colors`, and 'Open link' if it has one. */
  | { type: 'show'; markId: string; pageUrl: string; colors: string[]; hasLink: boolean }
  /** The toolbox is placed and visible: put the keyboard in the note. */
  | { type: 'focus' }
  /** The toolbox was hidden by the page's side (a click elsewhere, Escape): write what is pending. */
  | { type: 'hide' }
  /**
   * The sidebar: the page as the person sees it (its current HTML), and a watch page's transcript
   * when the extension has it, for an AI summary or chat.
   */
  | { type: 'page'; html: string; transcript?: string }

/** What a frame tells the content script. */
export type FrameMessage =
  /** Close me (Escape, the close button, the sidebar's own close). */
  | { type: 'close' }
  /** The toolbox's content is this size (px), with the highlight `markId` shown. */
  | { type: 'shown'; markId: string; width: number; height: number }
  /** The toolbox's content changed size. */
  | { type: 'resized'; width: number; height: number }
  /** A highlight changed: what painting needs, nothing more (no note text, no tag names). */
  | { type: 'changed'; markId: string; color: string; hasNotes: boolean; hasTags: boolean }
  /** A highlight was deleted, and with it its page's bookmark when `bookmarkDeleted`. */
  | { type: 'deleted'; markId: string; bookmarkDeleted: boolean }
  /** Show this notice on the page (our own short messages). */
  | { type: 'toast'; text: string }
  /** The person asked to open the link the highlight sits in. */
  | { type: 'followLink' }
  /** The sidebar: show the highlight `markId` on the page (scroll to it and flash it). */
  | { type: 'scrollTo'; markId: string }
  /** The sidebar: send me the page (its HTML) for an AI summary or chat the person asked for. */
  | { type: 'pageWanted' }

function idsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_IDS) {
    return undefined
  }
  const ids: string[] = []
  for (const id of value as unknown[]) {
    if (!isId(id)) {
      return undefined
    }
    ids.push(id)
  }
  return ids
}

/** `data` as a host message when it is exactly one (copied field by field), else undefined. */
export function toHostMessage(data: unknown): HostMessage | undefined {
  if (!isRecord(data)) {
    return undefined
  }
  switch (data.type) {
    case 'unplaced': {
      const ids = idsOf(data.ids)
      return ids && { type: 'unplaced', ids }
    }
    case 'show': {
      const colors = Array.isArray(data.colors) ? (data.colors as unknown[]) : []
      return isId(data.markId) &&
        typeof data.pageUrl === 'string' &&
        data.pageUrl.length <= MAX_URL_LENGTH &&
        typeof data.hasLink === 'boolean' &&
        colors.length <= 32 &&
        colors.every((color) => typeof color === 'string' && COLOR.test(color))
        ? {
            type: 'show',
            markId: data.markId,
            pageUrl: data.pageUrl,
            colors: colors as string[],
            hasLink: data.hasLink,
          }
        : undefined
    }
    case 'focus':
      return { type: 'focus' }
    case 'hide':
      return { type: 'hide' }
    case 'page': {
      const isText = (value: unknown): value is string =>
        typeof value === 'string' && value.length <= MAX_PAGE_HTML_LENGTH
      if (!isText(data.html) || (data.transcript !== undefined && !isText(data.transcript))) {
        return undefined
      }
      return data.transcript === undefined
        ? { type: 'page', html: data.html }
        : { type: 'page', html: data.html, transcript: data.transcript }
    }
    default:
      return undefined
  }
}

/** `data` as a frame message when it is exactly one (copied field by field), else undefined. */
export function toFrameMessage(data: unknown): FrameMessage | undefined {
  if (!isRecord(data)) {
    return undefined
  }
  switch (data.type) {
    case 'close':
      return { type: 'close' }
    case 'followLink':
      return { type: 'followLink' }
    case 'pageWanted':
      return { type: 'pageWanted' }
    case 'scrollTo':
      return isId(data.markId) ? { type: 'scrollTo', markId: data.markId } : undefined
    case 'shown':
      return isId(data.markId) && isSize(data.width) && isSize(data.height)
        ? { type: 'shown', markId: data.markId, width: data.width, height: data.height }
        : undefined
    case 'resized':
      return isSize(data.width) && isSize(data.height)
        ? { type: 'resized', width: data.width, height: data.height }
        : undefined
    case 'changed':
      return isId(data.markId) &&
        typeof data.color === 'string' &&
        COLOR.test(data.color) &&
        typeof data.hasNotes === 'boolean' &&
        typeof data.hasTags === 'boolean'
        ? {
            type: 'changed',
            markId: data.markId,
            color: data.color,
            hasNotes: data.hasNotes,
            hasTags: data.hasTags,
          }
        : undefined
    case 'deleted':
      return isId(data.markId) && typeof data.bookmarkDeleted === 'boolean'
        ? { type: 'deleted', markId: data.markId, bookmarkDeleted: data.bookmarkDeleted }
        : undefined
    case 'toast':
      return typeof data.text === 'string' && data.text.length > 0 && data.text.length <= MAX_TEXT
        ? { type: 'toast', text: data.text }
        : undefined
    default:
      return undefined
  }
}
