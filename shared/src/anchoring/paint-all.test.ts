// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { paintHighlight } from './paint'
import { paintAll, type PaintRequest } from './paint-all'
import { createTextIndex, rangeFromOffsets } from './text-index'
import { pageWithBody } from './test-support'

const BODY = Array.from(
  { length: 30 },
  (_, position) => `<p>Paragraph ${position} has <b>bold</b> words in it.</p>`,
).join('\n')

/** One request per paragraph: "has bold words", and a null entry every fifth. */
function requestsFor(document: Document): (PaintRequest | null)[] {
  const index = createTextIndex(document.body)
  const requests: (PaintRequest | null)[] = []
  for (let at = index.text.indexOf('has'); at !== -1; at = index.text.indexOf('has', at + 1)) {
    const range = rangeFromOffsets(index, at, at + 'has bold words'.length)!
    requests.push(
      requests.length % 5 === 4 ? null : { range, options: { markId: `m${requests.length}` } },
    )
  }
  return requests
}

describe('paintAll', () => {
  it('yields to the event loop between slices and paints what one-by-one painting does', async () => {
    const sliced = pageWithBody(BODY)
    const slices: number[] = []
    let otherTaskRan = false
    setTimeout(() => {
      otherTaskRan = true
    }, 0)
    // A zero budget ends a slice after every highlight.
    const results = await paintAll(requestsFor(sliced), {
      budgetMs: 0,
      onSlice: (ms) => slices.push(ms),
    })
    expect(otherTaskRan).toBe(true)
    expect(slices.length).toBeGreaterThan(10)

    const direct = pageWithBody(BODY)
    for (const request of requestsFor(direct)) {
      if (request !== null) {
        paintHighlight(request.range, request.options)
      }
    }
    expect(sliced.body.innerHTML).toBe(direct.body.innerHTML)
    expect(results.map((wrappers) => wrappers.length)).toEqual(
      requestsFor(pageWithBody(BODY)).map((request) => (request === null ? 0 : 3)),
    )
  })

  it('tells of each painted entry at once, in order', async () => {
    const document = pageWithBody(BODY)
    const told: number[] = []
    await paintAll(requestsFor(document), {
      budgetMs: 0,
      onPainted: (position, wrappers) => {
        expect(wrappers[0]!.isConnected).toBe(true)
        told.push(position)
      },
    })
    expect(told).toEqual(
      requestsFor(pageWithBody(BODY)).flatMap((request, position) =>
        request === null ? [] : [position],
      ),
    )
  })

  it('stops when a newer pass takes over, leaving the rest unpainted', async () => {
    const document = pageWithBody(BODY)
    let current = true
    const results = await paintAll(requestsFor(document), {
      budgetMs: 0,
      isCurrent: () => current,
      onPainted: (position) => {
        if (position === 5) {
          current = false
        }
      },
    })
    expect(results.slice(0, 4).every((wrappers) => wrappers.length === 3)).toBe(true)
    expect(results[5]!.length).toBe(3)
    expect(results.slice(6).every((wrappers) => wrappers.length === 0)).toBe(true)
    expect(document.querySelectorAll('inkmark-highlight').length).toBe(5 * 3)
  })
})
