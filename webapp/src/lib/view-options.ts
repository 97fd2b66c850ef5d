// The dashboard's local view settings (spec section 3, gridPreviewOptions): grid or list, card
// size, whether URLs are hidden and whether pages open as a page or a popup. They belong to this device, not to the library or the URL, so
// they live in localStorage; what is stored there may be old or hand-edited, hence the fallbacks.
import { MOBILE_BREAKPOINT_APP } from '@inkmark/shared'
import { z } from 'zod'

/** Cards in a grid or rows in a list. */
export const Layout = { GRID: 'grid', LIST: 'list' } as const
export type Layout = (typeof Layout)[keyof typeof Layout]

/** Card sizes. */
export const CARD_SIZES = ['small', 'medium', 'large'] as const
export type CardSize = (typeof CARD_SIZES)[number]

/** Where a page opens from the dashboard: its own route, or the bookmark-details dialog. */
export const OpenAs = { PAGE: 'page', POPUP: 'popup' } as const
export type OpenAs = (typeof OpenAs)[keyof typeof OpenAs]

/** How the dashboard lays out its items on this device. */
export interface ViewOptions {
  layout: Layout
  size: CardSize
  hideUrl: boolean
  openAs: OpenAs
}

/** The localStorage key of the view options. */
export const VIEW_OPTIONS_STORAGE_KEY = 'inkmark.gridPreviewOptions'

/** The spec's defaults: a small list on narrow screens, a medium grid otherwise. */
export function defaultViewOptions(windowWidth: number): ViewOptions {
  return windowWidth <= MOBILE_BREAKPOINT_APP
    ? { layout: Layout.LIST, size: 'small', hideUrl: false, openAs: OpenAs.PAGE }
    : { layout: Layout.GRID, size: 'medium', hideUrl: false, openAs: OpenAs.PAGE }
}

/** Reads stored view options; a missing or invalid field takes the default for this width. */
export function parseViewOptions(stored: string | null, windowWidth: number): ViewOptions {
  const defaults = defaultViewOptions(windowWidth)
  let raw: unknown
  try {
    raw = stored === null ? {} : JSON.parse(stored)
  } catch {
    raw = {}
  }
  const schema = z.object({
    layout: z.enum(Layout).catch(defaults.layout),
    size: z.enum(CARD_SIZES).catch(defaults.size),
    hideUrl: z.boolean().catch(defaults.hideUrl),
    openAs: z.enum(OpenAs).catch(defaults.openAs),
  })
  return schema.parse(typeof raw === 'object' && raw !== null ? raw : {})
}

const LIST_ROW_HEIGHTS: Record<CardSize, number> = { small: 64, medium: 88, large: 120 }
const GRID_CARD_HEIGHTS: Record<CardSize, number> = { small: 132, medium: 188, large: 252 }
const GRID_CARD_MIN_WIDTHS: Record<CardSize, number> = { small: 180, medium: 240, large: 320 }
/** Height of a group heading row. */
export const HEADING_ROW_HEIGHT = 48
/** Space between grid cards, in pixels. */
export const GRID_GAP = 16

/** Height of one row of items (a list row, or a row of grid cards with its gap). */
export function itemRowHeight(options: ViewOptions): number {
  return options.layout === Layout.LIST
    ? LIST_ROW_HEIGHTS[options.size]
    : GRID_CARD_HEIGHTS[options.size] + GRID_GAP
}

/** How many grid cards fit side by side in `width` pixels (1 in a list). */
export function columnsFor(options: ViewOptions, width: number): number {
  if (options.layout === Layout.LIST) {
    return 1
  }
  const min = GRID_CARD_MIN_WIDTHS[options.size]
  return Math.max(1, Math.floor((width + GRID_GAP) / (min + GRID_GAP)))
}
