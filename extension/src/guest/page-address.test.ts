// @vitest-environment jsdom
// A single-page app's move is seen at once on YouTube's own event (ADR 083), not only at the next
// look of the poll.
import { afterEach, describe, expect, it } from 'vitest'
import { watchPageAddress } from './page-address'

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  history.replaceState({}, '', '/')
})

describe('watchPageAddress', () => {
  it("hears YouTube's yt-navigate-finish at once, and only when the address moved", () => {
    const moves: string[] = []
    stop = watchPageAddress((url) => moves.push(new URL(url).search))
    history.pushState({}, '', '/watch?v=dQw4w9WgXcQ')
    document.dispatchEvent(new Event('yt-navigate-finish'))
    expect(moves).toEqual(['?v=dQw4w9WgXcQ'])
    // The event again without a move: nothing.
    document.dispatchEvent(new Event('yt-navigate-finish'))
    expect(moves).toEqual(['?v=dQw4w9WgXcQ'])
  })
})
