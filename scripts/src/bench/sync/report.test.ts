import { describe, expect, it } from 'vitest'
import { reportSyncFigures, syncGoals, type SyncFigures } from './report'

const run = (ms: number, held = 100) => ({
  entities: 100,
  ms,
  calls: { GET: 1, POST: 5 },
  sentBytes: 1000,
  receivedBytes: 200,
  held,
  state: 'UP_TO_DATE',
})

function figures(overrides: Partial<SyncFigures> = {}): SyncFigures {
  return {
    when: '2026-11-22T16:00:00.000Z',
    machine: '2 cores',
    loadBefore: 0.5,
    loadAfter: 1,
    populated: { entities: 100, bookmarks: 20, marks: 80, ms: 50, batchBodies: 5 },
    push: run(300),
    pull: run(150),
    baseline: { requests: 5, ms: 100, sentBytes: 1000 },
    live: { latenciesMs: [5, 7, 900] },
    ...overrides,
  }
}

describe('sync benchmark goals', () => {
  it('passes at exactly 3x the baseline and every live change under a second', () => {
    expect(syncGoals(figures()).map((goal) => goal.met)).toEqual([true, true, true, true])
    expect(reportSyncFigures(figures()).failedGoals).toEqual([])
  })

  it('fails a push over 3x, a slow live change, and anything not pulled back', () => {
    const result = reportSyncFigures(
      figures({ push: run(301), live: { latenciesMs: [5, 1000] }, pull: run(150, 99) }),
    )
    expect(result.failedGoals).toHaveLength(3)
    expect(result.failedGoals[0]).toContain('3.01x')
    expect(result.markdown).toContain('**FAIL**')
  })
})
