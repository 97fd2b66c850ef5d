import { describe, expect, it } from 'vitest'
import { createDebouncedSaver, type SaveStatus } from './debounced-saver'

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>()
  let next = 0
  return {
    setTimer: (run: () => void) => {
      next += 1
      pending.set(next, run)
      return next
    },
    clearTimer: (timer: unknown) => pending.delete(timer as number),
    fireAll() {
      const runs = [...pending.values()]
      pending.clear()
      runs.forEach((run) => run())
    },
    count: () => pending.size,
  }
}

describe('createDebouncedSaver', () => {
  it('saves only the last of quick changes, once the timer fires', async () => {
    const timers = manualTimers()
    const saved: string[] = []
    const statuses: SaveStatus['state'][] = []
    const saver = createDebouncedSaver<string>({
      save: (value) => {
        saved.push(value)
        return Promise.resolve()
      },
      delayMs: 800,
      onStatus: (status) => statuses.push(status.state),
      ...timers,
    })
    saver.change('a')
    saver.change('ab')
    saver.change('abc')
    expect(timers.count()).toBe(1)
    expect(saved).toEqual([])
    timers.fireAll()
    await saver.flush()
    expect(saved).toEqual(['abc'])
    expect(statuses.at(-1)).toBe('saved')
  })

  it('flushes at once and saves nothing twice', async () => {
    const timers = manualTimers()
    const saved: string[] = []
    const saver = createDebouncedSaver<string>({
      save: (value) => {
        saved.push(value)
        return Promise.resolve()
      },
      delayMs: 800,
      onStatus: () => undefined,
      ...timers,
    })
    saver.change('x')
    await saver.flush()
    timers.fireAll()
    await saver.flush()
    expect(saved).toEqual(['x'])
    expect(timers.count()).toBe(0)
  })

  it('keeps a failed value and saves it on the next flush', async () => {
    const timers = manualTimers()
    let fail = true
    const saved: string[] = []
    const statuses: SaveStatus[] = []
    const saver = createDebouncedSaver<string>({
      save: (value) => {
        if (fail) {
          return Promise.reject(new Error('Storage is full'))
        }
        saved.push(value)
        return Promise.resolve()
      },
      delayMs: 800,
      onStatus: (status) => statuses.push(status),
      ...timers,
    })
    saver.change('keep me')
    await saver.flush()
    expect(statuses.at(-1)).toEqual({ state: 'failed', message: 'Storage is full' })
    fail = false
    await saver.flush()
    expect(saved).toEqual(['keep me'])
    expect(statuses.at(-1)).toEqual({ state: 'saved' })
  })

  it('saves a change made during a save right after it', async () => {
    const timers = manualTimers()
    const saved: string[] = []
    let release: () => void = () => undefined
    const saver = createDebouncedSaver<string>({
      save: (value) => {
        saved.push(value)
        return value === 'first' ? new Promise<void>((done) => (release = done)) : Promise.resolve()
      },
      delayMs: 800,
      onStatus: () => undefined,
      ...timers,
    })
    saver.change('first')
    const firstSave = saver.flush()
    await Promise.resolve()
    saver.change('second')
    const secondSave = saver.flush()
    release()
    await firstSave
    await secondSave
    expect(saved).toEqual(['first', 'second'])
  })
})
