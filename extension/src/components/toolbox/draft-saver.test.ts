import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DRAFT_SAVE_DELAY_MS, draftSaver, type DraftStatus } from './draft-saver'

describe('draftSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function saverWith(save: (value: string) => Promise<boolean> = () => Promise.resolve(true)) {
    const saved: string[] = []
    const statuses: DraftStatus[] = []
    const saver = draftSaver('', {
      save: (value) => {
        saved.push(value)
        return save(value)
      },
      onStatus: (status) => statuses.push(status),
    })
    return { saver, saved, statuses }
  }

  it('writes once per pause in typing, the latest text', async () => {
    const { saver, saved, statuses } = saverWith()
    saver.input('a')
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1)
    saver.input('ab')
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1)
    saver.input('abc')
    expect(saved).toEqual([])
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(saved).toEqual(['abc'])
    expect(statuses.at(-1)).toBe('saved')
    expect(saver.isPending()).toBe(false)
  })

  it('sends the latest draft at once on leave, even while an older write awaits its answer', async () => {
    let answer: (ok: boolean) => void = () => undefined
    const { saver, saved } = saverWith((value) =>
      value === 'first' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(true),
    )
    saver.input('first')
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS)
    expect(saved).toEqual(['first'])
    saver.input('first and more')
    // The frame is going away: no waiting for the first write's answer.
    saver.leave()
    expect(saved).toEqual(['first', 'first and more'])
    // Nothing more goes out when the timer would have run.
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2)
    expect(saved).toEqual(['first', 'first and more'])
    answer(true)
    await vi.advanceTimersByTimeAsync(0)
    saver.leave()
    expect(saved.at(-1)).toBe('first and more')
  })

  it('writes on leave like a flush when no write is waiting', async () => {
    const { saver, saved } = saverWith()
    saver.input('typed')
    saver.leave()
    await vi.advanceTimersByTimeAsync(0)
    expect(saved).toEqual(['typed'])
  })

  it('writes the pending text at once on flush, and not again when the timer would have run', async () => {
    const { saver, saved } = saverWith()
    saver.input('typed then Escape')
    await saver.flush()
    expect(saved).toEqual(['typed then Escape'])
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2)
    expect(saved).toEqual(['typed then Escape'])
  })

  it('writes nothing when the text is what was stored', async () => {
    const { saver, saved } = saverWith()
    saver.input('x')
    saver.input('')
    await saver.flush()
    expect(saved).toEqual([])
  })

  it('keeps a refused write pending, says so, and writes it again on the next flush', async () => {
    let accept = false
    const { saver, saved, statuses } = saverWith(() => Promise.resolve(accept))
    saver.input('note')
    await saver.flush()
    expect(statuses.at(-1)).toBe('failed')
    expect(saver.isPending()).toBe(true)
    accept = true
    await saver.flush()
    expect(saved).toEqual(['note', 'note'])
    expect(statuses.at(-1)).toBe('saved')
  })

  it('writes in order: an older draft never lands after a newer one', async () => {
    const order: string[] = []
    let release: (() => void) | undefined
    const saver = draftSaver('', {
      save: async (value) => {
        if (value === 'first') {
          await new Promise<void>((resolve) => (release = resolve))
        }
        order.push(value)
        return true
      },
    })
    saver.input('first')
    const first = saver.flush()
    await vi.advanceTimersByTimeAsync(0)
    saver.input('second')
    const second = saver.flush()
    await vi.advanceTimersByTimeAsync(0)
    release?.()
    await Promise.all([first, second])
    expect(order).toEqual(['first', 'second'])
  })

  it('forgets a pending draft on reset (another highlight shown after its flush)', async () => {
    const { saver, saved } = saverWith()
    saver.input('old')
    saver.reset('other highlight note')
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2)
    expect(saved).toEqual([])
    expect(saver.isPending()).toBe(false)
  })
})
