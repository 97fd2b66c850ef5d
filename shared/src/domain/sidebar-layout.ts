// Geometry of the extension's sidebar and highlight toolbox (spec sections 4, 5 and 9): widths,
// font sizes by width, whether the page is pushed aside, and where the toolbox may sit. The DOM
// half (measuring the window, moving the body) lives in the extension; these rules stay pure.

/** Sidebar width when the user has not resized it. */
export const SIDEBAR_DEFAULT_WIDTH = 400
/** Narrowest sidebar. */
export const SIDEBAR_MIN_WIDTH = 340
/** Widest sidebar as a share of the window width (rounded to whole pixels). */
export const SIDEBAR_MAX_WINDOW_RATIO = 2 / 3
/** Duration of the sidebar's open and close animation. */
export const SIDEBAR_ANIMATION_MS = 300
/** Sidebar width in the local view. */
export const LOCAL_VIEW_SIDEBAR_WIDTH = 280

/** Side of the window the sidebar opens on. */
export const SidebarAlignment = { LEFT: 'left', RIGHT: 'right' } as const
export type SidebarAlignment = (typeof SidebarAlignment)[keyof typeof SidebarAlignment]
/** Default sidebar side. */
export const DEFAULT_SIDEBAR_ALIGNMENT: SidebarAlignment = SidebarAlignment.LEFT

/** Whether the open sidebar pushes the page aside or overlays it. */
export const SidebarBehavior = { PUSH: 'push', OVERLAY: 'overlay' } as const
export type SidebarBehavior = (typeof SidebarBehavior)[keyof typeof SidebarBehavior]
/** Default sidebar behaviour. */
export const DEFAULT_SIDEBAR_BEHAVIOR: SidebarBehavior = SidebarBehavior.PUSH

/** Font sizes (px) by sidebar width: the first step whose `above` the width exceeds applies. */
export const SIDEBAR_FONT_SIZE_STEPS: readonly { above: number; fontSize: number }[] = [
  { above: 400, fontSize: 14 },
  { above: 350, fontSize: 13.5 },
  { above: 300, fontSize: 13 },
  { above: 250, fontSize: 12 },
  { above: 200, fontSize: 11.5 },
]
/** Font size (px) of a sidebar 200 px wide or narrower, as the spec states. */
export const SIDEBAR_FALLBACK_FONT_SIZE = 12

/** Smallest x of the highlight toolbox. */
export const TOOLBOX_MIN_X = 195
/** Space kept between the toolbox's x and the right edge of the window. */
export const TOOLBOX_RIGHT_MARGIN = 168
/**
 * The highlight toolbox's slide out (spec section 4: "slides in on click, slides out after
 * 400 ms"): once closed, it slides out over this time and is then hidden. With
 * prefers-reduced-motion it hides at once (ADR 078).
 */
export const TOOLBOX_SLIDE_OUT_MS = 400
/** The toolbox's slide in on click (the spec gives no time; quick, so typing starts at once). */
export const TOOLBOX_SLIDE_IN_MS = 200

/** Widest window (px) that gets the mobile layout in the web app. */
export const MOBILE_BREAKPOINT_APP = 767
/** Mobile breakpoint (px) of the marketing website. */
export const MOBILE_BREAKPOINT_SITE = 768

export interface PushPageOptions {
  behavior: SidebarBehavior
  isReaderPage: boolean
}

export interface PageShiftOptions extends PushPageOptions {
  isOpen: boolean
  alignment: SidebarAlignment
  width: number
}

/** Margins (px) the page body gets on each side while the sidebar is shown. */
export interface PageShift {
  left: number
  right: number
}

/**
 * Sidebar width between 340 px and two thirds of the window (rounded). The minimum wins on
 * windows narrower than 510 px; a missing or non-positive width falls back to 400 px.
 */
export function clampSidebarWidth(width: number, windowWidth: number): number {
  const wanted = Number.isFinite(width) && width > 0 ? width : SIDEBAR_DEFAULT_WIDTH
  const max =
    Number.isFinite(windowWidth) && windowWidth > 0
      ? Math.round(windowWidth * SIDEBAR_MAX_WINDOW_RATIO)
      : Number.POSITIVE_INFINITY
  return Math.round(Math.max(SIDEBAR_MIN_WIDTH, Math.min(wanted, max)))
}

/** Font size (px) of the sidebar's content for a sidebar `width` px wide. */
export function sidebarFontSize(width: number): number {
  for (const step of SIDEBAR_FONT_SIZE_STEPS) {
    if (width > step.above) {
      return step.fontSize
    }
  }
  return SIDEBAR_FALLBACK_FONT_SIZE
}

/**
 * Toolbox x clamped to [195, windowWidth - 168 + sidebarWidth], read literally from the spec.
 * When the window is too narrow for that range the minimum wins; a non-finite x gives 195.
 */
export function toolboxPosition(x: number, windowWidth: number, sidebarWidth: number = 0): number {
  if (!Number.isFinite(x)) {
    return TOOLBOX_MIN_X
  }
  const sidebar = Number.isFinite(sidebarWidth) && sidebarWidth > 0 ? sidebarWidth : 0
  const max = Number.isFinite(windowWidth)
    ? windowWidth - TOOLBOX_RIGHT_MARGIN + sidebar
    : Number.POSITIVE_INFINITY
  return Math.max(TOOLBOX_MIN_X, Math.min(x, max))
}

/** Whether opening the sidebar pushes the page: not in overlay mode and not on reader pages. */
export function shouldPushPage(options: PushPageOptions): boolean {
  return options.behavior === SidebarBehavior.PUSH && !options.isReaderPage
}

/** Body margins while the sidebar is open: its width on its own side when the page is pushed. */
export function pageShift(options: PageShiftOptions): PageShift {
  if (!options.isOpen || !shouldPushPage(options)) {
    return { left: 0, right: 0 }
  }
  return options.alignment === SidebarAlignment.LEFT
    ? { left: options.width, right: 0 }
    : { left: 0, right: options.width }
}
