// Pushed user texts (ADR 081) on /sync: each `textState` is merged on a copy of the stored text
// first, so a bad one (not base64, not a Yjs update, nested too deep, too large, past the quota) is
// refused by id with a code while the rest of the batch is stored, nothing of it is kept, and the
// relay goes on answering. Texts are kept per account: another account's push never reaches them.
import { encodeUserTextState, seedUserText, userTextOf } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { buildRelay, registerUser } from '../testing/build'

const bookmark = {
  _id: 'b1',
  _objectStore: 'bookmarks',
  url: 'https://example.com/a',
  createdAt: 1,
  isStarred: false,
  tags: [],
}

function page(id: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    _objectStore: 'pagecontents',
    url: `https://app.example/content/${id}`,
    content: '<p>sent</p>',
    createdAt: 3,
    ...extra,
  }
}

/** Adds one paragraph per string at the end of a text. */
function addParagraphs(doc: Y.Doc, ...paragraphs: string[]): Y.Doc {
  const root = userTextOf(doc)
  for (const text of paragraphs) {
    const element = new Y.XmlText()
    element.setAttribute('type', 'paragraph')
    element.insert(0, text)
    root.insertEmbed(root.length, element)
  }
  return doc
}

/** The textState of a new text of one paragraph per string. */
function textState(...paragraphs: string[]): string {
  return encodeUserTextState(addParagraphs(new Y.Doc(), ...paragraphs))!
}

/** The textState of a text seeded from old HTML `<p>a</p><p>b</p>` (as a device migrates it), then `typed` added. */
function seededTextState(oldHtml: string, ...typed: string[]): string {
  const doc = new Y.Doc()
  const delta = [...oldHtml.matchAll(/<p>(.*?)<\/p>/g)].map((match) => {
    const element = new Y.XmlText()
    element.setAttribute('type', 'paragraph')
    element.insert(0, match[1]!)
    return { insert: element }
  })
  seedUserText(doc, oldHtml, delta, 'seed')
  return encodeUserTextState(addParagraphs(doc, ...typed))!
}

/** A text whose elements nest `depth` levels deep. */
function nestedTextState(depth: number): string {
  const doc = new Y.Doc()
  let parent = userTextOf(doc)
  for (let level = 0; level < depth; level++) {
    const child = new Y.XmlText()
    parent.insertEmbed(0, child)
    parent = child
  }
  parent.insert(0, 'deep')
  return encodeUserTextState(doc)!
}

async function setUp() {
  const app = await buildRelay()
  const token = await registerUser(app)
  const headers = { authorization: `Bearer ${token}` }
  const push = (entities: unknown[]) =>
    app.inject({ method: 'POST', url: '/sync', headers, payload: { entities } })
  const html = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/page-contents/html?_id=${id}`, headers })).body
  return { app, headers, push, html }
}

describe('/sync with user texts', () => {
  it('stores the merged HTML of a good text, not the HTML the device sent', async () => {
    const { push, html } = await setUp()
    const answer = await push([page('p1', { textState: textState('Hello') })])
    expect(answer.json()).toEqual({ stored: ['p1'], rejected: [] })
    expect(await html('p1')).toBe('<p>Hello</p>')
  })

  it.each([
    ['not base64', '!!! not base64 !!!', 'INVALID_TEXT_STATE'],
    [
      'garbage bytes',
      Buffer.from([1, 200, 3, 250, 9, 9, 9, 9, 7]).toString('base64'),
      'INVALID_TEXT_STATE',
    ],
    ['a deep nesting', nestedTextState(5000), 'TEXT_TOO_DEEP'],
    ['an oversize update', textState('x'.repeat(2 * 1024 * 1024 + 10)), 'TEXT_STATE_TOO_LARGE'],
  ])(
    'refuses %s by id with a code, stores the rest and keeps answering',
    async (_name, state, code) => {
      const { app, headers, push, html } = await setUp()
      const kept = addParagraphs(new Y.Doc(), 'Kept')
      const pushed = await push([page('p1', { textState: encodeUserTextState(kept) })])
      expect(pushed.statusCode).toBe(200)

      const answer = await push([
        bookmark,
        page('p1', { textState: state }),
        page('p2', { textState: textState('Other') }),
      ])
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({
        stored: ['b1', 'p2'],
        rejected: [
          {
            _id: 'p1',
            _objectStore: 'pagecontents',
            code,
            message: expect.stringMatching(/^textState: /) as string,
          },
        ],
      })
      // Nothing of the refused text was kept, and the relay still answers.
      expect(await html('p1')).toBe('<p>Kept</p>')
      expect(await html('p2')).toBe('<p>Other</p>')
      addParagraphs(kept, 'More')
      const again = await push([page('p1', { textState: encodeUserTextState(kept) })])
      expect(again.json()).toEqual({ stored: ['p1'], rejected: [] })
      expect(await html('p1')).toBe('<p>Kept</p><p>More</p>')
      expect((await app.inject({ method: 'GET', url: '/sync?since=0', headers })).statusCode).toBe(
        200,
      )
    },
  )

  it('measures the merged HTML against the page-content quota, not the HTML the device sent', async () => {
    // A legacy account (created before 2023) syncs on Free: 10 MB of page contents.
    const app = await buildRelay({ config: { trialDays: 0 }, now: () => Date.UTC(2022, 5, 1) })
    const headers = { authorization: `Bearer ${await registerUser(app)}` }
    const push = (entities: unknown[]) =>
      app.inject({ method: 'POST', url: '/sync', headers, payload: { entities } })
    const big = 'x'.repeat(4_500_000)
    for (const id of ['f1', 'f2']) {
      expect((await push([page(id, { content: big })])).json()).toMatchObject({ stored: [id] })
    }
    // A tiny `content` with a large text: the 1.5 MB merged HTML does not fit.
    const answer = await push([page('p2', { textState: textState('y'.repeat(1_500_000)) })])
    expect(answer.json()).toEqual({
      stored: [],
      rejected: [expect.objectContaining({ _id: 'p2', code: 'QUOTA_EXCEEDED' })],
    })
  }, 120_000)

  it('keeps texts per account: another account pushing the same id merges into its own', async () => {
    const { app, push, html } = await setUp()
    await push([page('p1', { textState: textState('Ada') })])
    const other = { authorization: `Bearer ${await registerUser(app, 'bob@example.com')}` }
    const bobs = await app.inject({
      method: 'POST',
      url: '/sync',
      headers: other,
      payload: { entities: [page('p1', { textState: textState('Bob') })] },
    })
    expect(bobs.json()).toEqual({ stored: ['p1'], rejected: [] })
    expect(await html('p1')).toBe('<p>Ada</p>')
    const bobsHtml = await app.inject({
      method: 'GET',
      url: '/page-contents/html?_id=p1',
      headers: other,
    })
    expect(bobsHtml.body).toBe('<p>Bob</p>')
  })

  it('drops the text when HTML is written without one (a backup restored), so it is not revived', async () => {
    const { push, html } = await setUp()
    await push([page('p1', { textState: textState('Old text') })])
    expect((await push([page('p1', { content: '<p>Restored</p>' })])).json()).toEqual({
      stored: ['p1'],
      rejected: [],
    })
    expect(await html('p1')).toBe('<p>Restored</p>')
    // A device that then migrates the restored HTML starts a new text: the old one is gone.
    await push([page('p1', { textState: seededTextState('<p>Restored</p>') })])
    expect(await html('p1')).toBe('<p>Restored</p>')
  })

  it('refuses a first text for old-style HTML that was not seeded from it, and keeps that HTML', async () => {
    const { push, html } = await setUp()
    await push([page('p1', { content: '<p>Old words</p>' })])
    // Seeded from nothing (the HTML had not reached the device) or from other HTML: merged, it
    // would replace the stored text.
    for (const state of [textState('Typed'), seededTextState('<p>Other</p>', 'Typed')]) {
      expect((await push([page('p1', { textState: state })])).json()).toEqual({
        stored: [],
        rejected: [
          {
            _id: 'p1',
            _objectStore: 'pagecontents',
            code: 'TEXT_NOT_SEEDED',
            message: expect.stringMatching(/^textState: not seeded/) as string,
          },
        ],
      })
      expect(await html('p1')).toBe('<p>Old words</p>')
    }
    // Seeded from the stored HTML: merged, both kept.
    const answer = await push([
      page('p1', { textState: seededTextState('<p>Old words</p>', 'Typed') }),
    ])
    expect(answer.json()).toEqual({ stored: ['p1'], rejected: [] })
    expect(await html('p1')).toBe('<p>Old words</p><p>Typed</p>')
    // Once the text merges, later texts need no seed of their own (they merge into it).
    expect((await push([page('p1', { textState: textState('More') })])).json()).toEqual({
      stored: ['p1'],
      rejected: [],
    })
  })
})
