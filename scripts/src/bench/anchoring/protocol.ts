// What the anchoring benchmark's Node side and its page say to each other: the sizes, and the
// shapes of the figures the page returns. Pure types and constants (no DOM, no Node), so both sides
// compile it.

/** Highlights anchored on the page (the figure). */
export const HIGHLIGHT_COUNT = 200
/** Share of the page's words replaced for the "changed page" measurement. */
export const EDIT_SHARE = 0.05
/** Shortest and longest quote, in characters, before snapping to word boundaries. */
export const QUOTE_LENGTH = { min: 20, max: 300 } as const
/** The page the benchmark runs on: the largest saved page of the fixtures. */
export const FIXTURE_PAGE = 'wikipedia-new-zealand.html'

/** One stored highlight: its selectors as describeRange made them (JSON). */
export interface StoredHighlight {
  selectors: unknown
  start: number
  end: number
}

/** What describing the highlights found. */
export interface PrepareReport {
  textChars: number
  textNodes: number
  highlights: StoredHighlight[]
  meanQuoteChars: number
  indexMs: number
  describeMs: number
}

/** A long task the page's PerformanceObserver saw during a measurement. */
export interface LongTask {
  startTime: number
  duration: number
}

/** How the highlights were anchored, by method (plus 'none'). */
export type MethodCounts = Record<string, number>

/** One anchoring pass over all highlights, and the baseline beside it. */
export interface AnchorReport {
  anchorMs: number
  baselineMs: number
  /** Quotes the baseline found with indexOf in the page text. */
  baselineFound: number
  slices: number
  longestSliceMs: number
  longTasks: LongTask[]
  anchored: number
  /** Anchored at the right place (see run notes). */
  correct: number
  /** Anchored, but not at the right place. */
  wrong: number
  methods: MethodCounts
}

/** The changed-page pass, with what the edits did. */
export interface EditedReport extends AnchorReport {
  wordsEdited: number
  wordsTotal: number
  charsEdited: number
  /** Highlights whose quote or 32-character context an edit touched. */
  highlightsTouched: number
}

/** Painting every anchored highlight (time-sliced, with paintAll), then removing them. */
export interface PaintReport {
  painted: number
  paintMs: number
  /** The slices paintAll reported, and the long tasks seen while it painted. */
  paintSlices: number
  longestPaintSliceMs: number
  paintLongTasks: LongTask[]
  removeMs: number
  textUnchanged: boolean
}

/** Loading the content script on a page with no highlights, and an empty module beside it. */
export interface ContentScriptLoadReport {
  contentMs: number
  emptyMs: number
}

/**
 * Loading the extension's built content script on a page with no highlights (its browser API
 * answered by a stub: a page with no marks), and an empty classic script beside it. `contentMs` is
 * null when the script did not report the page ready within a few seconds.
 */
export interface RealContentScriptLoadReport {
  contentMs: number | null
  emptyMs: number
}

/** The functions the page puts on globalThis.inkmarkBench. */
export interface AnchoringBenchApi {
  prepare(args: { seed: number; count: number }): PrepareReport
  anchorUnchanged(args: {
    highlights: StoredHighlight[]
    baselineFirst: boolean
  }): Promise<AnchorReport>
  anchorEdited(args: { highlights: StoredHighlight[]; seed: number }): Promise<EditedReport>
  paintAll(args: { highlights: StoredHighlight[] }): Promise<PaintReport>
  loadContentScript(args: {
    url: string
    emptyUrl: string
    contentFirst: boolean
  }): Promise<ContentScriptLoadReport>
  loadRealContentScript(args: {
    url: string
    emptyUrl: string
    contentFirst: boolean
  }): Promise<RealContentScriptLoadReport>
}

/** globalThis in the benchmark page. */
export interface AnchoringBenchGlobal {
  inkmarkBench: AnchoringBenchApi
}
