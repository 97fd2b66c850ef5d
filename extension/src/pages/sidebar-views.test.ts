import { describe, expect, it } from 'vitest'
import { DEFAULT_SIDEBAR_VIEW, SIDEBAR_VIEWS, sidebarViewLabel, tabAfterKey } from './sidebar-views'

describe('sidebar views', () => {
  it("has the spec's four views and the AI view, opening on the page's highlights", () => {
    expect(SIDEBAR_VIEWS).toEqual([
      'mark-view',
      'history-view',
      'domains-view',
      'tags-view',
      'ai-view',
    ])
    expect(DEFAULT_SIDEBAR_VIEW).toBe('mark-view')
    expect(SIDEBAR_VIEWS.map(sidebarViewLabel)).toEqual([
      'This page',
      'History',
      'Domains',
      'Tags',
      'AI',
    ])
  })

  it('moves between tabs with the arrow keys, wrapping, and Home/End', () => {
    expect(tabAfterKey('ArrowRight', 0, 4)).toBe(1)
    expect(tabAfterKey('ArrowRight', 3, 4)).toBe(0)
    expect(tabAfterKey('ArrowLeft', 0, 4)).toBe(3)
    expect(tabAfterKey('ArrowUp', 2, 4)).toBe(1)
    expect(tabAfterKey('ArrowDown', 2, 4)).toBe(3)
    expect(tabAfterKey('Home', 2, 4)).toBe(0)
    expect(tabAfterKey('End', 0, 4)).toBe(3)
    expect(tabAfterKey('Enter', 0, 4)).toBeUndefined()
  })
})
