import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SIDEBAR_ALIGNMENT,
  DEFAULT_SIDEBAR_BEHAVIOR,
  LOCAL_VIEW_SIDEBAR_WIDTH,
  MOBILE_BREAKPOINT_APP,
  MOBILE_BREAKPOINT_SITE,
  SIDEBAR_ANIMATION_MS,
  SIDEBAR_DEFAULT_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SidebarAlignment,
  SidebarBehavior,
  TOOLBOX_MIN_X,
  TOOLBOX_RIGHT_MARGIN,
  TOOLBOX_SLIDE_OUT_MS,
  clampSidebarWidth,
  pageShift,
  shouldPushPage,
  sidebarFontSize,
  toolboxPosition,
} from './sidebar-layout'

describe('constants', () => {
  it('uses the spec values', () => {
    expect(SIDEBAR_DEFAULT_WIDTH).toBe(400)
    expect(SIDEBAR_MIN_WIDTH).toBe(340)
    expect(SIDEBAR_ANIMATION_MS).toBe(300)
    expect(LOCAL_VIEW_SIDEBAR_WIDTH).toBe(280)
    expect(TOOLBOX_MIN_X).toBe(195)
    expect(TOOLBOX_RIGHT_MARGIN).toBe(168)
    expect(TOOLBOX_SLIDE_OUT_MS).toBe(400)
    expect(MOBILE_BREAKPOINT_APP).toBe(767)
    expect(MOBILE_BREAKPOINT_SITE).toBe(768)
  })

  it('defaults to a left, pushing sidebar', () => {
    expect(SidebarAlignment).toEqual({ LEFT: 'left', RIGHT: 'right' })
    expect(SidebarBehavior).toEqual({ PUSH: 'push', OVERLAY: 'overlay' })
    expect(DEFAULT_SIDEBAR_ALIGNMENT).toBe('left')
    expect(DEFAULT_SIDEBAR_BEHAVIOR).toBe('push')
  })
})

describe('clampSidebarWidth', () => {
  it('keeps a width inside the range', () => {
    expect(clampSidebarWidth(400, 1200)).toBe(400)
    expect(clampSidebarWidth(340, 1200)).toBe(340)
  })

  it('raises a narrow width to 340', () => {
    expect(clampSidebarWidth(200, 1200)).toBe(340)
    expect(clampSidebarWidth(339, 1200)).toBe(340)
  })

  it('caps a wide width at two thirds of the window, rounded', () => {
    expect(clampSidebarWidth(1000, 1200)).toBe(800)
    expect(clampSidebarWidth(1000, 1000)).toBe(667) // 666.67 rounds up
    expect(clampSidebarWidth(1000, 1001)).toBe(667) // 667.33 rounds down
    expect(clampSidebarWidth(800, 1200)).toBe(800)
  })

  it('lets the minimum win on windows narrower than 510 px', () => {
    expect(clampSidebarWidth(400, 510)).toBe(340)
    expect(clampSidebarWidth(400, 450)).toBe(340)
    expect(clampSidebarWidth(100, 300)).toBe(340)
  })

  it('rounds fractional widths', () => {
    expect(clampSidebarWidth(400.6, 1200)).toBe(401)
  })

  it('falls back to the default for a zero, negative or non-numeric width', () => {
    expect(clampSidebarWidth(0, 1200)).toBe(400)
    expect(clampSidebarWidth(-50, 1200)).toBe(400)
    expect(clampSidebarWidth(Number.NaN, 1200)).toBe(400)
    expect(clampSidebarWidth(0, 540)).toBe(360)
  })

  it('applies no upper bound when the window width is unknown', () => {
    expect(clampSidebarWidth(900, Number.NaN)).toBe(900)
    expect(clampSidebarWidth(900, 0)).toBe(900)
  })
})

describe('sidebarFontSize', () => {
  it('follows the spec steps at their exact boundaries', () => {
    expect(sidebarFontSize(401)).toBe(14)
    expect(sidebarFontSize(400)).toBe(13.5)
    expect(sidebarFontSize(351)).toBe(13.5)
    expect(sidebarFontSize(350)).toBe(13)
    expect(sidebarFontSize(301)).toBe(13)
    expect(sidebarFontSize(300)).toBe(12)
    expect(sidebarFontSize(251)).toBe(12)
    expect(sidebarFontSize(250)).toBe(11.5)
    expect(sidebarFontSize(201)).toBe(11.5)
    expect(sidebarFontSize(200)).toBe(12)
  })

  it('uses 14 for wide sidebars and 12 for very narrow ones', () => {
    expect(sidebarFontSize(1000)).toBe(14)
    expect(sidebarFontSize(400.5)).toBe(14)
    expect(sidebarFontSize(100)).toBe(12)
    expect(sidebarFontSize(0)).toBe(12)
    expect(sidebarFontSize(Number.NaN)).toBe(12)
  })
})

describe('toolboxPosition', () => {
  it('keeps x inside the range', () => {
    expect(toolboxPosition(500, 1200)).toBe(500)
    expect(toolboxPosition(195, 1200)).toBe(195)
    expect(toolboxPosition(1032, 1200)).toBe(1032)
  })

  it('clamps x to 195 on the left', () => {
    expect(toolboxPosition(10, 1200)).toBe(195)
    expect(toolboxPosition(-40, 1200)).toBe(195)
  })

  it('clamps x to window width minus 168 on the right', () => {
    expect(toolboxPosition(1100, 1200)).toBe(1032)
  })

  it('adds the sidebar width to the right bound', () => {
    expect(toolboxPosition(1500, 1200, 400)).toBe(1432)
    expect(toolboxPosition(1100, 1200, 400)).toBe(1100)
    expect(toolboxPosition(1500, 1200, Number.NaN)).toBe(1032)
    expect(toolboxPosition(1500, 1200, -100)).toBe(1032)
  })

  it('lets the minimum win on narrow windows', () => {
    expect(toolboxPosition(300, 300)).toBe(195)
  })

  it('handles non-finite input', () => {
    expect(toolboxPosition(Number.NaN, 1200)).toBe(195)
    expect(toolboxPosition(5000, Number.NaN)).toBe(5000)
  })
})

describe('shouldPushPage', () => {
  it('pushes in push mode on ordinary pages only', () => {
    expect(shouldPushPage({ behavior: 'push', isReaderPage: false })).toBe(true)
    expect(shouldPushPage({ behavior: 'push', isReaderPage: true })).toBe(false)
    expect(shouldPushPage({ behavior: 'overlay', isReaderPage: false })).toBe(false)
    expect(shouldPushPage({ behavior: 'overlay', isReaderPage: true })).toBe(false)
  })
})

describe('pageShift', () => {
  const base = {
    isOpen: true,
    alignment: SidebarAlignment.LEFT,
    behavior: SidebarBehavior.PUSH,
    isReaderPage: false,
    width: 400,
  }

  it('shifts the body by the sidebar width on the chosen side', () => {
    expect(pageShift(base)).toEqual({ left: 400, right: 0 })
    expect(pageShift({ ...base, alignment: 'right' })).toEqual({ left: 0, right: 400 })
  })

  it('does not shift when closed, in overlay mode or on reader pages', () => {
    expect(pageShift({ ...base, isOpen: false })).toEqual({ left: 0, right: 0 })
    expect(pageShift({ ...base, behavior: 'overlay' })).toEqual({ left: 0, right: 0 })
    expect(pageShift({ ...base, isReaderPage: true })).toEqual({ left: 0, right: 0 })
  })
})
