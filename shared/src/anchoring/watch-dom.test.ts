// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INKMARK_UI_ATTRIBUTE } from './own-elements'
import { paintHighlight, removeHighlight } from './paint'
import { createTextIndex, rangeFromOffsets } from './text-index'
import { watchDom } from './watch-dom'
import { pageWithBody } from './test-support'

const flushMutations = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('watchDom', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls back once after a burst of page changes settles', async () => {
    const document = pageWithBody('<p id="p">Some text here</p>')
    const onChange = vi.fn()
    const stop = watchDom(document.body, onChange, { debounceMs: 20 })
    for (let count = 0; count < 5; count += 1) {
      document.body.append(document.createElement('p'))
    }
    document.getElementById('p')!.firstChild!.textContent = 'Changed'
    // Waits for the effect (a loaded machine may take longer than the debounce), then for more
    // than a debounce beyond it: no second call comes.
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 10_000 })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(onChange).toHaveBeenCalledTimes(1)
    stop()
  })

  it('ignores painting, unpainting and changes inside our own UI', async () => {
    const document = pageWithBody(`<p>Some text here</p><div ${INKMARK_UI_ATTRIBUTE}></div>`)
    const onChange = vi.fn()
    const stop = watchDom(document.body, onChange, { debounceMs: 5 })
    const index = createTextIndex(document.body)
    paintHighlight(rangeFromOffsets(index, 2, 8)!, { markId: 'm' })
    removeHighlight(document.body, 'm')
    document.querySelector(`[${INKMARK_UI_ATTRIBUTE}]`)!.append(document.createElement('button'))
    await flushMutations()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(onChange).not.toHaveBeenCalled()
    stop()
  })

  it('still sees a page change made just before painting', async () => {
    const document = pageWithBody('<p>Some text here</p>')
    const onChange = vi.fn()
    const stop = watchDom(document.body, onChange, { debounceMs: 5 })
    document.body.append(document.createElement('section'))
    paintHighlight(rangeFromOffsets(createTextIndex(document.body), 0, 4)!, { markId: 'm' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(onChange).toHaveBeenCalledTimes(1)
    stop()
  })

  it('stops watching', async () => {
    const document = pageWithBody('<p>Some text here</p>')
    const onChange = vi.fn()
    watchDom(document.body, onChange, { debounceMs: 5 })()
    document.body.append(document.createElement('p'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(onChange).not.toHaveBeenCalled()
  })
})
