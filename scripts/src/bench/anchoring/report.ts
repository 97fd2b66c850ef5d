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
  RealContentScriptLoadReport,
} from './protocol'
import { EDIT_SHARE } from './protocol'
import type { RealContentScript } from './real-content-script'

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
  /** The extension's built content script; null when there is no build. */
  realContentScript: RealContentScript | null
  realLoads: RealContentScriptLoadReport[]
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
  const longestPaintSlice = Math.max(...painting.map((p) => p.longestPaintSliceMs))
  const longTask = Math.max(
    longestTask([...unchanged, ...edited]),
    ...painting.flatMap((p) => p.paintLongTasks.map((task) => task.duration)),
  )
  const taskMs = Math.max(longestSlice, longestPaintSlice, longTask)
  const gzip = figures.contentScript.gzipBytes
  const addedMs = pick(loads, (l) => l.contentMs - l.emptyMs)
  const real = figures.realContentScript
  const realStarted = figures.realLoads.filter((l) => l.contentMs !== null)
  const realAddedMs =
    realStarted.length === 0 ? null : pick(realStarted, (l) => l.contentMs! - l.emptyMs)
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
      'No task over 50 ms (anchoring and painting slices, long tasks)',
      `< ${GOALS.maxTaskMs} ms`,
      `longest slice ${formatMs(longestSlice)} anchoring, ${formatMs(longestPaintSlice)} painting; longest long task ${longTask === 0 ? 'none' : formatMs(longTask)}`,
      taskMs < GOALS.maxTaskMs,
    ],
    [
      'Content script under 60 KB gzipped (stand-in entry)',
      `< ${formatBytes(GOALS.maxContentScriptGzipBytes)}`,
      formatBytes(gzip),
      gzip < GOALS.maxContentScriptGzipBytes,
    ],
  ]
  if (real !== null) {
    goals.push([
      'Content script under 60 KB gzipped (the extension build)',
      `< ${formatBytes(GOALS.maxContentScriptGzipBytes)}`,
      `${formatBytes(real.gzipBytes)} (${real.fileName})`,
      real.gzipBytes < GOALS.maxContentScriptGzipBytes,
    ])
  }

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
      'Paint 200 with paintAll (median, time-sliced); slices; longest slice',
      `${formatMs(pick(painting, (p) => p.paintMs))}; ${pick(painting, (p) => p.paintSlices)}; ${formatMs(longestPaintSlice)}`,
    ],
    ['Highlights painted (wrappers, last run)', String(painting.at(-1)?.painted ?? 0)],
    [
      'Remove 200 (median); page text unchanged after',
      `${formatMs(pick(painting, (p) => p.removeMs))}; ${painting.every((p) => p.textUnchanged) ? 'yes' : 'NO'}`,
    ],
    [
      'Content script (stand-in) minified / gzip',
      `${formatBytes(figures.contentScript.bytes)} / ${formatBytes(gzip)}`,
    ],
    [
      'Stand-in: time it adds to a page with no highlights (median, import + start)',
      formatMs(addedMs),
    ],
    [
      'Extension content script minified / gzip',
      real === null
        ? 'not built'
        : `${formatBytes(real.bytes)} / ${formatBytes(real.gzipBytes)} (${real.fileName}${real.built ? ', built by this run' : ''})`,
    ],
    [
      'Extension content script: time it adds to a page with no highlights (median, load + start)',
      real === null
        ? 'not built'
        : realAddedMs === null
          ? 'did not start'
          : `${formatMs(realAddedMs)} (${realStarted.length}/${figures.realLoads.length} started)`,
    ],
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
    "Content script: the stand-in entry (`scripts/src/bench/anchoring/content-entry.mts`: anchoring, painting, image highlights and the DOM watcher, imported module by module, minified by Vite) and the extension's real one (`extension/build/chrome-mv3-prod/highlighter.*.js`, Plasmo's production build, built by the benchmark when missing). The stand-in's \"time it adds\" is a dynamic `import()` of its bundle plus `anchorAll` on no highlights and `watchDom`, minus the import of an empty module; the real one's is loading it as a classic script, with the browser API stubbed to answer a page with no marks, until it marks the page ready and a task later, minus loading an empty classic script.",
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
