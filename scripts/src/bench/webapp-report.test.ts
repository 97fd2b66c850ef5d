import { describe, expect, it } from 'vitest'
import { reportWebappFigures, type WebappFigures } from './webapp-report'

function figures(overrides: Partial<WebappFigures> = {}): WebappFigures {
  const render = (painted: number) => ({
    painted,
    inDom: painted - 5,
    fromSnapshot: true,
    livePainted: painted + 400,
    openStart: 100,
    openEnd: 400,
    decodedAt: painted + 500,
  })
  return {
    quick: false,
    library: { bookmarks: 10_000, marks: 50_000 },
    csvRows: 10_000,
    seedMs: 9000,
    machine: {
      cores: 2,
      cpu: 'CPU',
      memoryBytes: 2 ** 34,
      chromium: 'Chromium 1',
      node: 'v20',
      loadBefore: 0.5,
      loadAfter: 0.7,
    },
    commit: 'abc1234',
    totalSeconds: 100,
    firstRender: { library: [render(600), render(700), render(650)], empty: [render(300)] },
    scroll: { idle: [16.7, 16.7, 16.6], scrolling: [16.7, 16.8, 16.6], scrolledPx: 12_000 },
    search: {
      keystrokes: [
        { query: 'n', ms: 30 },
        { query: 'ne', ms: 20 },
      ],
      filterMs: [5, 4],
    },
    importCsv: {
      ms: 2000,
      parseMs: 500,
      progressRenders: 40,
      progressValues: 12,
      summary: 'Imported: 10000 pages',
    },
    ...overrides,
  }
}

describe('reportWebappFigures', () => {
  it('passes every goal when the figures are within them, with ratios to the baselines', () => {
    const result = reportWebappFigures(figures())
    expect(result.failedGoals).toEqual([])
    expect(result.markdown).toContain('650 ms (empty library 300 ms, 2.2x); live list 1050 ms')
    expect(result.markdown).toContain('| 3 of 3 ')
    expect(result.markdown).toContain('2000 ms (parse alone 500 ms, 4.0x)')
    expect(result.markdown).not.toContain('FAIL')
  })

  it('fails the import goal when the progress bar never moved, however fast', () => {
    const result = reportWebappFigures(
      figures({
        importCsv: {
          ms: 900,
          parseMs: 500,
          progressRenders: 0,
          progressValues: 0,
          summary: 'Imported: 10000 pages',
        },
      }),
    )
    expect(result.failedGoals).toEqual([
      'Import of a 10,000-row Pocket CSV under 5 s, with a progress bar',
    ])
  })

  it('fails first render and search when they are over their goals, and says the machine was busy', () => {
    const slow = figures({
      firstRender: {
        library: [
          {
            painted: 1500,
            inDom: 1490,
            fromSnapshot: false,
            livePainted: 1500,
            openStart: 100,
            openEnd: 900,
            decodedAt: 3000,
          },
        ],
        empty: [
          {
            painted: 300,
            inDom: 295,
            fromSnapshot: false,
            livePainted: 300,
            openStart: 100,
            openEnd: 150,
            decodedAt: 320,
          },
        ],
      },
      search: { keystrokes: [{ query: 'n', ms: 80 }], filterMs: [10] },
    })
    slow.machine.loadAfter = 6
    const result = reportWebappFigures(slow)
    expect(result.failedGoals).toEqual([
      'Dashboard first render under 1 s (10,000 pages)',
      'Search keystroke to results painted, p95 under 50 ms',
    ])
    expect(result.markdown).toContain('times are inflated')
  })
})
