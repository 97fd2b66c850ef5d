// The sidebar's views (the spec's history-view, domains-view, tags-view and mark-view, and our
// ai-view: the page's AI summary and chat), their labels, and how the arrow keys move between their tabs (the WAI-ARIA tabs pattern).

/** The sidebar's views, in the order their tabs are shown. */
export const SIDEBAR_VIEWS = [
  'mark-view',
  'history-view',
  'domains-view',
  'tags-view',
  'ai-view',
] as const
export type SidebarView = (typeof SIDEBAR_VIEWS)[number]

/** The view the sidebar opens on: the current page's highlights. */
export const DEFAULT_SIDEBAR_VIEW: SidebarView = 'mark-view'

const LABELS: Record<SidebarView, string> = {
  'mark-view': 'This page',
  'ai-view': 'AI',
  'history-view': 'History',
  'domains-view': 'Domains',
  'tags-view': 'Tags',
}

/** The label of a view's tab. */
export function sidebarViewLabel(view: SidebarView): string {
  return LABELS[view]
}

/** The tab a key moves to from tab `index` of `count` (wrapping), or undefined for other keys. */
export function tabAfterKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}
