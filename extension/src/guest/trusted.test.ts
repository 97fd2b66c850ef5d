import { describe, expect, it, vi } from 'vitest'
import { onTrusted } from './trusted'

describe('onTrusted', () => {
  it('ignores an event a script dispatched', () => {
    const handler = vi.fn()
    const target = new EventTarget()
    target.addEventListener('click', onTrusted(handler))
    target.dispatchEvent(new Event('click'))
    expect(handler).not.toHaveBeenCalled()
  })

  it('passes on an event the browser made', () => {
    const handler = vi.fn()
    const event = new Event('click')
    Object.defineProperty(event, 'isTrusted', { value: true })
    onTrusted(handler)(event)
    expect(handler).toHaveBeenCalledWith(event)
  })
})
