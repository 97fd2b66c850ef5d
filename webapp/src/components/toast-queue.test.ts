import { describe, expect, it } from 'vitest'
import { addToast, removeToast, type ToastItem } from './toast-queue'

const toast = (id: string, message = id): ToastItem => ({
  id,
  kind: 'info',
  message,
  durationMs: 5000,
})

describe('toast queue', () => {
  it('adds toasts in order and replaces one with the same id', () => {
    const shown = addToast(addToast([], toast('a')), toast('b'))
    expect(shown.map((item) => item.id)).toEqual(['a', 'b'])
    const replaced = addToast(shown, toast('a', 'again'))
    expect(replaced.map((item) => item.message)).toEqual(['b', 'again'])
  })

  it('removes a toast by id', () => {
    expect(removeToast([toast('a'), toast('b')], 'a')).toEqual([toast('b')])
  })
})
