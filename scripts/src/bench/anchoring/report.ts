// Turns the anchoring benchmark's raw figures into the goals' verdicts, a terminal table and the
// Markdown section of BENCHMARKS.md.
import type { BenchmarkResult } from '../benchmark'
import { formatBytes, formatMs, markdownTable, median, textTable } from '../stats'
import type {
  AnchorReport,
  ContentScriptLoadReport,
  EditedReport,
  PaintReport,
  PrepareReport,
} from './protocol'
import { EDIT_SHARE } from './protocol'

/** The goals of the issue. */
export const GOALS = {
  maxUnchangedMs: 100,
  maxRatioToBaseline: 5,
  minCorrectShareAfterEdits: 0.95,
  maxTaskMs: 50,
  maxContentScriptGzipBytes: 60 * 1024,
}

export interface AnchoringFigures {
  date: string
  quick: boolean
  seed: number
  page: string
  machine: {
    cpus: number
    cpuModel: string
    chromium: string
    node: string
    loadAverage: [number, number]
  }
  prepared: PrepareReport
  highlightCount: number
  unchanged: AnchorReport[]
  edited: EditedReport[]
  painting: PaintReport[]
  loads: ContentScriptLoadReport[]
  contentScript: { bytes: number; gzipBytes: number }
  totalSeconds: number
}

const pick = <T>(list: readonly T[], value: (item: T) => number) => median(list.map(value))
const longestTask = (reports: readonly AnchorReport[]) =>
  Math.max(0, ...reports.flatMap((report) => report.longTasks.map((task) => task.duration)))
const percent = (share: number) => `${(share * 100).toFixed(1)}%`
const verdict = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**')

function methods(reports: readonly AnchorReport[]): string {
  const last = reports[reports.length - 1]
  return last === undefined
    ? ''
    : Object.entries(last.methods)
        .map(([method, count]) => `${method} ${count}`)
        .join(', ')
}

export function reportAnchoringFigures(figures: AnchoringFigures): BenchmarkResult {
  const { unchanged, edited, painting, loads, highlightCount } = figures
  const unchangedMs = pick(unchanged, (r) => r.anchorMs)
  const baselineMs = pick(unchanged, (r) => r.baselineMs)
  const ratio = unchangedMs / baselineMs
  const editedMs = pick(edited, (r) => r.anchorMs)
  const editedBaselineMs = pick(edited, (r) => r.baselineMs)
  const correctShare = Math.min(...edited.map((r) => r.correct / highlightCount))
  const unchangedCorrect = Math.min(...unchanged.map((r) => r.correct / highlightCount))
  const wrong = Math.max(...edited.map((r) => r.wrong))
  const longestSlice = Math.max(...[...unchanged, ...edited].map((r) => r.longestSliceMs))
  const longTask = longestTask([...unchanged, ...edited])
  const taskMs = Math.max(longestSlice, longTask)
  const gzip = figures.contentScript.gzipBytes
  const addedMs = pick(loads, (l) => l.contentMs - l.emptyMs)
  const sample = edited[0]

  const goals: [string, string, string, boolean][] = [
    [
      'Unchanged page: anchor all under 100 ms',
      `< ${GOALS.maxUnchangedMs} ms`,
      formatMs(unchangedMs),
      unchangedMs < GOALS.maxUnchangedMs,
    ],
    [
      'Unchanged page: at most 5x the indexOf baseline',
      `<= ${GOALS.maxRatioToBaseline}x`,
      `${ratio.toFixed(2)}x (${formatMs(unchangedMs)} vs ${formatMs(baselineMs)})`,
      ratio <= GOALS.maxRatioToBaseline,
    ],
    [
      `${percent(EDIT_SHARE)} of the words changed: re-anchored correctly`,
      `>= ${percent(GOALS.minCorrectShareAfterEdits)}`,
      `${percent(correctShare)} (worst run), ${wrong} at a wrong place`,
      correctShare >= GOALS.minCorrectShareAfterEdits,
    ],
    [
      'No task over 50 ms (anchoring slices and long tasks)',
      `< ${GOALS.maxTaskMs} ms`,
      `longest slice ${formatMs(longestSlice)}, longest long task ${longTask === 0 ? 'none' : formatMs(longTask)}`,
      taskMs < GOALS.maxTaskMs,
    ],
    [
      'Content script under 60 KB gzipped (stand-in entry)',
      `< ${formatBytes(GOALS.maxContentScriptGzipBytes)}`,
      formatBytes(gzip),
      gzip < GOALS.maxContentScriptGzipBytes,
    ],
  ]

  const figureRows: string[][] = [
    ['Anchor 200, unchanged page (median)', formatMs(unchangedMs)],
    ['Baseline: body.textContent + indexOf of 200 quotes (median)', formatMs(baselineMs)],
    ['Anchor 200, changed page (median)', formatMs(editedMs)],
    [
      'Baseline on the changed page (quotes still found verbatim)',
      `${formatMs(editedBaselineMs)} (${sample?.baselineFound ?? 0}/${highlightCount})`,
    ],
    ['Correct, unchanged page (worst run)', percent(unchangedCorrect)],
    ['Correct, changed page (worst run)', percent(correctShare)],
    [
      'Slices per pass, unchanged / changed (median)',
      `${pick(unchanged, (r) => r.slices)} / ${pick(edited, (r) => r.slices)}`,
    ],
    ['Methods, unchanged (last run)', methods(unchanged)],
    ['Methods, changed (last run)', methods(edited)],
    [
      'Paint 200 (median), longest single paint',
      `${formatMs(pick(painting, (p) => p.paintMs))}, ${formatMs(Math.max(...painting.map((p) => p.longestPaintMs)))}`,
    ],
    [
      'Remove 200 (median); page text unchanged after',
      `${formatMs(pick(painting, (p) => p.removeMs))}; ${painting.every((p) => p.textUnchanged) ? 'yes' : 'NO'}`,
    ],
    [
      'Content script (stand-in) minified / gzip',
      `${formatBytes(figures.contentScript.bytes)} / ${formatBytes(gzip)}`,
    ],
    ['Time it adds to a page with no highlights (median, import + start)', formatMs(addedMs)],
    [
      'Indexing the page text once; describing 200 highlights',
      `${formatMs(figures.prepared.indexMs)}; ${formatMs(figures.prepared.describeMs)}`,
    ],
  ]

  const edits = sample
    ? `${sample.wordsEdited} of ${sample.wordsTotal} words replaced by other words of the page (${sample.charsEdited} characters); ${sample.highlightsTouched} of ${highlightCount} highlights had an edit in their quote or 32-character context`
    : ''
  const markdown = [
    `Last run: ${figures.date.slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:anchoring\` (${Math.round(figures.totalSeconds)} s in all).`,
    `Machine: ${figures.machine.cpus} cores (${figures.machine.cpuModel}); ${figures.machine.chromium}, headless; Node ${figures.machine.node}. One-minute load average ${figures.machine.loadAverage[0].toFixed(1)} at the start and ${figures.machine.loadAverage[1].toFixed(1)} at the end.`,
    '',
    `Page: \`${figures.page}\` (the largest fixture page; ${figures.prepared.textChars.toLocaleString('en-US')} characters of text in ${figures.prepared.textNodes.toLocaleString('en-US')} text nodes), loaded with its own scripts and images blocked. ${highlightCount} highlights (seed ${figures.seed}) of whole words, 20-300 characters (mean ${Math.round(figures.prepared.meanQuoteChars)}), described with \`describeOffsets\`. Each measurement runs in a fresh page, ${unchanged.length} times; times are medians from performance.now() in the page. Changed page: ${edits}. "Correct" means each end of the anchored range is where the original end maps to, give or take the edits within 20 characters of it.`,
    '',
    '### Goals',
    '',
    markdownTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goals.map(([a, b, c, ok]) => [a, b, c, verdict(ok)]),
    ),
    '',
    '### Figures',
    '',
    markdownTable(['Figure', 'Value'], figureRows),
    '',
    'The content-script figures are for a stand-in entry (`scripts/src/bench/anchoring/content-entry.mts`: anchoring, painting, image highlights and the DOM watcher, imported module by module, minified by Vite); the extension\'s real content script will be measured when it exists. "Time it adds" is a dynamic `import()` of that bundle plus `anchorAll` on no highlights and `watchDom`, minus the import of an empty module.',
  ].join('\n')
  const table = [
    `Anchoring (${figures.page}, ${highlightCount} highlights)`,
    textTable(
      ['Goal', 'Target', 'Measured', 'Result'],
      goals.map(([a, b, c, ok]) => [a, b, c, ok ? 'PASS' : 'FAIL']),
    ),
    '',
    textTable(['Figure', 'Value'], figureRows),
  ].join('\n')
  return {
    table,
    markdown,
    failedGoals: goals
      .filter(([, , , ok]) => !ok)
      .map(([goal, , measured]) => `${goal}: ${measured}`),
  }
}
