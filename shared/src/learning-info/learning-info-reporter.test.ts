import type { Mark } from '../domain/entities/mark'
import { Message } from '../domain/messages'
import { RelayCallError, RelayErrorKind } from '../sync/relay-client'
import { createMarkFixture } from '../testing/factories'
import { describe, expect, it } from 'vitest'
import { LearningInfoReporter } from './learning-info-reporter'
import type { LearningReport } from './learning-report'

const NOW = Date.UTC(2026, 10, 26, 12)

function setUp(send: (report: LearningReport) => Promise<void>) {
  let marks: Mark[] = [createMarkFixture({ _id: 'm1' })]
  const listeners = new Set<() => void>()
  const reporter = new LearningInfoReporter({
    readMarks: () => marks,
    observe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send,
    now: () => NOW,
    timeZoneOffset: () => 0,
    // Long enough that only the test's flush() sends.
    debounceMs: 60 * 60 * 1000,
  })
  return {
    reporter,
    setMarks: (next: Mark[]) => {
      marks = next
      for (const listener of listeners) {
        listener()
      }
    },
    listeners,
  }
}

describe('LearningInfoReporter', () => {
  it('sends what changed, once', async () => {
    const sent: LearningReport[] = []
    const { reporter, setMarks, listeners } = setUp((report) => {
      sent.push(report)
      return Promise.resolve()
    })
    reporter.start()
    await reporter.flush()
    await reporter.flush()
    expect(sent).toEqual([{ dueCount: 1, learnedToday: 0, dailyTarget: 10, nextDueAt: null }])
    setMarks([createMarkFixture({ _id: 'm1' }), createMarkFixture({ _id: 'm2' })])
    await reporter.flush()
    expect(sent.map((report) => report.dueCount)).toEqual([1, 2])
    reporter.stop()
    expect(listeners.size).toBe(0)
  })

  it('keeps a report that could not be sent for the next try', async () => {
    let reachable = false
    const sent: LearningReport[] = []
    const { reporter } = setUp((report) => {
      if (!reachable) {
        return Promise.reject(
          new RelayCallError(RelayErrorKind.UNREACHABLE, Message.SERVER_NOT_REACHABLE),
        )
      }
      sent.push(report)
      return Promise.resolve()
    })
    reporter.start()
    await reporter.flush()
    expect(sent).toEqual([])
    reachable = true
    await reporter.flush()
    expect(sent).toHaveLength(1)
    reporter.stop()
  })

  it('stops when the token is refused', async () => {
    let calls = 0
    const { reporter, setMarks } = setUp(() => {
      calls += 1
      return Promise.reject(
        new RelayCallError(RelayErrorKind.UNAUTHORIZED, 'Your token expired.', 401),
      )
    })
    reporter.start()
    await reporter.flush()
    setMarks([])
    await reporter.flush()
    expect(calls).toBe(1)
  })
})
