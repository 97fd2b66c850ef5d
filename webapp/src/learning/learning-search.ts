// The /learning route's URL: one `view` parameter names the view (the spec's dashboard, session,
// categories, schedule and streak overview; the session result is the end of a session, not an
// address), and a session may be limited to one `tag` or one site (`origin`). ADR 042.
import type { LearningCategory } from '@inkmark/shared'

/** The addressable learning views. */
export const LEARNING_VIEWS = ['dashboard', 'session', 'categories', 'schedule', 'streak'] as const
/** A learning view. */
export type LearningView = (typeof LEARNING_VIEWS)[number]

/** The /learning route's parameters. */
export interface LearningSearch {
  view?: Exclude<LearningView, 'dashboard'>
  tag?: string
  origin?: string
}

function isLearningView(value: unknown): value is LearningView {
  return (LEARNING_VIEWS as readonly unknown[]).includes(value)
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

/** Reads the parameters: an unknown view is the dashboard; a category only with a session. */
export function parseLearningSearch(raw: Record<string, unknown>): LearningSearch {
  if (!isLearningView(raw.view) || raw.view === 'dashboard') {
    return {}
  }
  if (raw.view !== 'session') {
    return { view: raw.view }
  }
  if (nonEmpty(raw.tag)) {
    return { view: 'session', tag: raw.tag }
  }
  if (nonEmpty(raw.origin)) {
    return { view: 'session', origin: raw.origin }
  }
  return { view: 'session' }
}

/** The view the parameters show. */
export function learningViewOf(search: LearningSearch): LearningView {
  return search.view ?? 'dashboard'
}

/** The session's category, if it has one. */
export function learningCategoryOf(search: LearningSearch): LearningCategory | undefined {
  if (search.tag !== undefined) {
    return { tag: search.tag }
  }
  return search.origin !== undefined ? { origin: search.origin } : undefined
}
