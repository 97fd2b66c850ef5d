// The web app benchmark's goals (issue 7), its terminal table and its BENCHMARKS.md section.
import type { BenchmarkResult } from './benchmark'
import {
  formatBytes,
  formatCount,
  formatMs,
  markdownTable,
  median,
  percentile,
  textTable,
} from './stats'

/** Goals of issue 7. */
export const FIRST_RENDER_GOAL_MS = 1000
export const SEARCH_P95_GOAL_MS = 50
export const IMPORT_GOAL_MS = 5000
/** The issue asks for smooth scrolling; we hold the p95 frame to two 60 Hz frames. */
export const SCROLL_P95_GOAL_MS = 2 * (1000 / 60)

export interface FirstRenderFigure {
  /** Navigation start to the first rows (or the empty state) painted. */
  painted: number
  inDom: number
  /** Whether those were the first screen's, drawn from its snapshot while the store opened. */
  fromSnapshot: boolean
  /** Navigation start to the live list (the store open) painted. */
  livePainted: number
  openStart: number | undefined
  openEnd: number | undefined
  /** When the app had decoded the whole library in the background (the counts then show). */
  decodedAt: number
}

export interface WebappFigures {
  quick: boolean
  library: { bookmarks: number; marks: number }
  csvRows: number
  seedMs: number
  machine: {
    cores: number
    cpu: string
    memoryBytes: number
    chromium: string
    node: string
    loadBefore: number
    loadAfter: number
  }
  commit: string
  totalSeconds: number
  firstRender: { library: FirstRenderFigure[]; empty: FirstRenderFigure[] }
  scroll: { idle: number[]; scrolling: number[]; scrolledPx: number }
  search: { keystrokes: { query: string; ms: number }[]; filterMs: number[] }
  importCsv: {
    ms: number
    parseMs: number
    progressRenders: number
    progressValues: number
    summary: string
  }
}

const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}x`
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL')

function openMs(render: FirstRenderFigure): number {
  return render.openStart !== undefined && render.openEnd !== undefined
    ? render.openEnd - render.openStart
    : Number.NaN
}

/** The figures as a terminal table, a Markdown section and the missed goals. */
export function reportWebappFigures(figures: WebappFigures): BenchmarkResult {
  const { firstRender, scroll, search, importCsv } = figures
  const libraryFirst = median(firstRender.library.map((render) => render.painted))
  const emptyFirst = median(firstRender.empty.map((render) => render.painted))
  const libraryOpen = median(firstRender.library.map(openMs))
  const emptyOpen = median(firstRender.empty.map(openMs))
  const openStartAt = median(firstRender.library.map((render) => render.openStart ?? Number.NaN))
  const libraryLive = median(firstRender.library.map((render) => render.livePainted))
  const afterOpen = median(
    firstRender.library.map((render) => render.livePainted - (render.openEnd ?? Number.NaN)),
  )
  const fromSnapshot = (renders: readonly FirstRenderFigure[]) =>
    `${renders.filter((render) => render.fromSnapshot).length} of ${renders.length}`
  const keystrokeMs = search.keystrokes.map((keystroke) => keystroke.ms)
  const searchP95 = percentile(keystrokeMs, 95)
  const filterP95 = percentile(search.filterMs, 95)
  const scrollP95 = percentile(scroll.scrolling, 95)
  const idleP95 = percentile(scroll.idle, 95)
  const importShowsProgress = importCsv.progressValues >= 2

  const goals = [
    {
      goal: 'Dashboard first render under 1 s (10,000 pages)',
      target: `< ${FIRST_RENDER_GOAL_MS} ms`,
      measured: `${formatMs(libraryFirst)} (empty library ${formatMs(emptyFirst)}, ${ratio(libraryFirst, emptyFirst)}); live list ${formatMs(libraryLive)}`,
      pass: libraryFirst < FIRST_RENDER_GOAL_MS,
    },
    {
      goal: 'Search keystroke to results painted, p95 under 50 ms',
      target: `< ${SEARCH_P95_GOAL_MS} ms`,
      measured: `${formatMs(searchP95)} (Array.filter ${formatMs(filterP95)}, ${ratio(searchP95, filterP95)})`,
      pass: searchP95 < SEARCH_P95_GOAL_MS,
    },
    {
      goal: `Import of a ${formatCount(figures.csvRows)}-row Pocket CSV under 5 s, with a progress bar`,
      target: `< ${IMPORT_GOAL_MS} ms, progress shown`,
      measured: `${formatMs(importCsv.ms)} (parse alone ${formatMs(importCsv.parseMs)}, ${ratio(importCsv.ms, importCsv.parseMs)}); progress bar ${importShowsProgress ? `moved through ${importCsv.progressValues} values` : 'not seen moving'}`,
      pass: importCsv.ms < IMPORT_GOAL_MS && importShowsProgress,
    },
    {
      goal: 'Scrolling the virtual list: p95 frame within two 60 Hz frames (ours; the issue says smooth)',
      target: `< ${formatMs(SCROLL_P95_GOAL_MS)}`,
      measured: `${formatMs(scrollP95)} (idle page ${formatMs(idleP95)}, ${ratio(scrollP95, idleP95)})`,
      pass: scrollP95 < SCROLL_P95_GOAL_MS,
    },
  ]
  const goalRows = goals.map((goal) => [goal.goal, goal.target, goal.measured, verdict(goal.pass)])
  const goalHeader = ['Goal', 'Target', 'Measured', 'Result']

  const renderHeader = [
    '',
    'First rows painted',
    'From the first-screen copy',
    'Live rows painted',
    'Store open',
    'Open starts at',
    'Open to live painted',
    'Library decoded at',
  ]
  const renderRows = [
    [
      `${formatCount(figures.library.bookmarks)} pages, ${formatCount(figures.library.marks)} highlights (median of ${firstRender.library.length})`,
      formatMs(libraryFirst),
      fromSnapshot(firstRender.library),
      formatMs(libraryLive),
      formatMs(libraryOpen),
      formatMs(openStartAt),
      formatMs(afterOpen),
      formatMs(median(firstRender.library.map((render) => render.decodedAt))),
    ],
    [
      `Empty library (median of ${firstRender.empty.length})`,
      formatMs(emptyFirst),
      fromSnapshot(firstRender.empty),
      formatMs(median(firstRender.empty.map((render) => render.livePainted))),
      formatMs(emptyOpen),
      formatMs(median(firstRender.empty.map((render) => render.openStart ?? Number.NaN))),
      formatMs(
        median(
          firstRender.empty.map((render) => render.livePainted - (render.openEnd ?? Number.NaN)),
        ),
      ),
      formatMs(median(firstRender.empty.map((render) => render.decodedAt))),
    ],
  ]

  const spread = (values: readonly number[]) => [
    formatCount(values.length),
    formatMs(median(values)),
    formatMs(percentile(values, 95)),
    formatMs(Math.max(...values)),
  ]
  const timingHeader = ['', 'Samples', 'Median', 'p95', 'Max']
  const timingRows = [
    ['Scroll: frame time while scrolling', ...spread(scroll.scrolling)],
    ['Scroll baseline: frame time, page idle', ...spread(scroll.idle)],
    ['Search: keystroke to results painted', ...spread(keystrokeMs)],
    [
      'of which first letters (whole library scanned)',
      ...spread(search.keystrokes.filter((k) => k.query.length === 1).map((k) => k.ms)),
    ],
    [
      'of which later letters (previous matches narrowed)',
      ...spread(search.keystrokes.filter((k) => k.query.length > 1).map((k) => k.ms)),
    ],
    ['Search baseline: Array.filter of the same prefixes', ...spread(search.filterMs)],
  ]

  const table = [
    textTable(goalHeader, goalRows),
    '',
    textTable(renderHeader, renderRows),
    '',
    textTable(timingHeader, timingRows),
    '',
    `Import: ${formatMs(importCsv.ms)} (${importCsv.summary}); parsing alone ${formatMs(importCsv.parseMs)}.`,
  ].join('\n')

  const { machine } = figures
  const overloaded = Math.max(machine.loadBefore, machine.loadAfter) > machine.cores
  const markdown = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${figures.commit}, \`npm run bench -- webapp\` (${Math.round(figures.totalSeconds)} s in all).`,
    `Machine: ${machine.cores} cores (${machine.cpu.trim()}), ${formatBytes(machine.memoryBytes)} RAM; ${machine.chromium}, headless, viewport 1280x900; Node ${machine.node}. One-minute load average ${machine.loadBefore.toFixed(1)} at the start and ${machine.loadAfter.toFixed(1)} at the end${overloaded ? ` (above the ${machine.cores} cores: other work shared the machine, so times are inflated)` : ''}.`,
    '',
    `The built web app (\`npm run build -w webapp\`, production) served from loopback, with the store benchmark's generator's library (${formatCount(figures.library.bookmarks)} bookmarks, ${formatCount(figures.library.marks)} marks with notes, rich text, tags and flashcard state) written into the app's own IndexedDB through the real store by a helper page on the same origin (${formatMs(figures.seedMs)}), then opened once by the app (which compacts the update log) before anything is measured. Times are \`performance.now()\` in the page: "painted" is the task after the next animation frame once the content is in the DOM.`,
    '',
    '### Goals',
    '',
    markdownTable(goalHeader, goalRows),
    '',
    '### Dashboard first render',
    '',
    'A new tab at `/` (recently updated pages, grouped by date, the first 50 shown), from navigation start to the first card painted; the baseline is the same for an empty library (another browser context), which paints the empty state. The first cards are the first screen: the rows the previous visit showed for the same view, copied to localStorage by the live dashboard and drawn while the store opens (ADR 021; "from the first-screen copy" counts the visits that began with it). "Live rows painted" is when the dashboard read from the open store replaced them. "Store open" is between the app\'s performance marks around `openLocalStore`; "library decoded at" is the app\'s mark of its background decoding being done (each live card\'s highlight and note counts show from then; the search and import below start after it). Each visit stays until the dashboard has copied its first screen again, as a person reading their library would.',
    '',
    markdownTable(renderHeader, renderRows),
    '',
    '### Scrolling, search',
    '',
    `Scrolling: the dashboard with every page loaded (\`?page=${Math.ceil(figures.library.bookmarks / 50)}\`), the virtual list's scrollTop moved 120 px every animation frame (${formatCount(Math.round(scroll.scrolledPx))} px in all), timing the gaps between frames; the baseline is the same page standing still. Search: Ctrl+K, then words of the library typed one key at a time, from the keydown to the results of that prefix painted (the app's \`inkmark-search-results\` mark, set as React puts them in the page, then the next frame); the baseline is a plain \`Array.filter(includes)\` over the same searchable strings (titles, URLs, descriptions, highlight texts, notes, tags) for the same prefixes, in a page of the same browser.`,
    '',
    markdownTable(timingHeader, timingRows),
    '',
    '### Import',
    '',
    `A generated ${formatCount(figures.csvRows)}-row Pocket CSV (title, url, time_added, tags, status; new pages) picked in Settings > Backup > "Import a file…" into the library above, from the file input's change to the counts painted: **${formatMs(importCsv.ms)}**. The dialog said: "${importCsv.summary}". Its progress bar rendered ${formatCount(importCsv.progressRenders)} times with ${formatCount(importCsv.progressValues)} distinct values. Baseline: \`importPocketCsv\` of the same text against an empty library, nothing written (median of 3): ${formatMs(importCsv.parseMs)}.`,
  ].join('\n')

  return {
    table,
    markdown,
    failedGoals: goals.filter((goal) => !goal.pass).map((goal) => goal.goal),
  }
}
