import { describe, expect, it } from 'vitest'
import {
  MAX_HANDOFF_HTML_LENGTH,
  MAX_KEPT_HANDOFFS,
  handoffHtml,
  handoffPageUrl,
  isHandoffKey,
  keepHandedOffPage,
  readHandedOffPage,
  type SessionArea,
} from './reader-handoff'

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop'
const pageSender = {
  id: EXTENSION_ID,
  url: 'https://example.org/article',
  frameId: 0,
  tab: { id: 7, index: 2, windowId: 1 },
}

/** Session storage in memory, refusing writes past `quota` characters of JSON. */
function memorySession(quota = Infinity): SessionArea & { items: Map<string, unknown> } {
  const items = new Map<string, unknown>()
  const size = () => JSON.stringify(Object.fromEntries(items)).length
  return {
    items,
    get(keys) {
      const wanted = keys === null ? [...items.keys()] : ([] as string[]).concat(keys)
      return Promise.resolve(
        Object.fromEntries(
          wanted.filter((key) => items.has(key)).map((key) => [key, items.get(key)]),
        ),
      )
    },
    set(values) {
      const before = new Map(items)
      for (const [key, value] of Object.entries(values)) {
        items.set(key, value)
      }
      if (size() > quota) {
        items.clear()
        before.forEach((value, key) => items.set(key, value))
        return Promise.reject(new Error('QUOTA_BYTES quota exceeded'))
      }
      return Promise.resolve()
    },
    remove(keys) {
      for (const key of ([] as string[]).concat(keys)) {
        items.delete(key)
      }
      return Promise.resolve()
    },
  }
}

describe('who may hand a page to the reader', () => {
  it("accepts a page's top frame in a tab, by the browser's word", () => {
    expect(handoffPageUrl(pageSender, EXTENSION_ID)).toBe('https://example.org/article')
    expect(handoffPageUrl({ ...pageSender, url: 'file:///tmp/a.html' }, EXTENSION_ID)).toBe(
      'file:///tmp/a.html',
    )
  })

  it('refuses other extensions, frames, extension pages, other schemes and senders without a tab', () => {
    expect(handoffPageUrl({ ...pageSender, id: 'other' }, EXTENSION_ID)).toBeUndefined()
    expect(handoffPageUrl({ ...pageSender, frameId: 3 }, EXTENSION_ID)).toBeUndefined()
    expect(
      handoffPageUrl(
        { ...pageSender, url: `chrome-extension://${EXTENSION_ID}/popup.html` },
        EXTENSION_ID,
      ),
    ).toBeUndefined()
    expect(
      handoffPageUrl({ ...pageSender, url: 'javascript:alert(1)' }, EXTENSION_ID),
    ).toBeUndefined()
    expect(handoffPageUrl({ ...pageSender, tab: undefined }, EXTENSION_ID)).toBeUndefined()
    expect(handoffPageUrl(undefined, EXTENSION_ID)).toBeUndefined()
    const longUrl = `https://example.org/${'a'.repeat(9000)}`
    expect(handoffPageUrl({ ...pageSender, url: longUrl }, EXTENSION_ID)).toBeUndefined()
  })

  it('takes only a non-empty string of bounded size as the HTML', () => {
    expect(handoffHtml({ html: '<p>hi</p>' })).toBe('<p>hi</p>')
    expect(handoffHtml({ html: '' })).toBeUndefined()
    expect(handoffHtml({ html: 42 })).toBeUndefined()
    expect(handoffHtml(null)).toBeUndefined()
    expect(handoffHtml('<p>hi</p>')).toBeUndefined()
    expect(handoffHtml({ html: 'x'.repeat(MAX_HANDOFF_HTML_LENGTH + 1) })).toBeUndefined()
  })
})

describe('keeping handed-off pages', () => {
  const page = (n: number) => ({
    url: `https://example.org/${n}`,
    html: `<p>${n}</p>`,
    handedOffAt: n,
  })

  it('keeps a page under a random key the reader reads back, and nothing else', async () => {
    const session = memorySession()
    const key = await keepHandedOffPage(session, page(1))
    expect(isHandoffKey(key)).toBe(true)
    expect(await readHandedOffPage(session, key)).toEqual(page(1))
    expect(await readHandedOffPage(session, crypto.randomUUID())).toBeUndefined()
    expect(await readHandedOffPage(session, '../other')).toBeUndefined()
    expect(isHandoffKey('inkmark:reader:x')).toBe(false)
  })

  it(`keeps at most ${MAX_KEPT_HANDOFFS} pages, dropping the oldest`, async () => {
    const session = memorySession()
    const keys: string[] = []
    for (let n = 1; n <= MAX_KEPT_HANDOFFS + 2; n++) {
      keys.push(await keepHandedOffPage(session, page(n)))
    }
    expect(session.items.size).toBe(MAX_KEPT_HANDOFFS)
    expect(await readHandedOffPage(session, keys[0]!)).toBeUndefined()
    expect(await readHandedOffPage(session, keys[1]!)).toBeUndefined()
    expect(await readHandedOffPage(session, keys.at(-1)!)).toEqual(page(MAX_KEPT_HANDOFFS + 2))
  })

  it('makes room when storage is full, and gives up on a page bigger than all of it', async () => {
    const session = memorySession(400)
    const first = await keepHandedOffPage(session, page(1))
    const big = { ...page(2), html: 'x'.repeat(250) }
    const second = await keepHandedOffPage(session, big)
    expect(await readHandedOffPage(session, first)).toBeUndefined()
    expect(await readHandedOffPage(session, second)).toEqual(big)
    await expect(keepHandedOffPage(session, { ...page(3), html: 'x'.repeat(500) })).rejects.toThrow(
      /quota/,
    )
  })
})
