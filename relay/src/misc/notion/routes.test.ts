// The Notion calls through the app against the Notion stand-in (misc/testing/notion-stand-in.ts):
// OAuth, the targets list, exports as a page and as a database row, updates without duplicates,
// the error mapping, the daily limit, login, the rate limit and the log.
import type { ExportPagePayload } from '@inkmark/shared'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { injectAs, type TestUser } from '../../testing/relay-harness'
import { NOTION_FALLBACK_IMAGE_URL, NOTION_DAILY_LIMIT_MESSAGE } from '@inkmark/shared'
import { integrationsTestApp, type IntegrationsTestApp } from '../testing/integrations-test-app'
import type { StandInBlock } from '../testing/notion-stand-in'

const REDIRECT = 'http://127.0.0.1:5173/oauth/notion'

function payload(overrides: Partial<ExportPagePayload> = {}): ExportPagePayload {
  return {
    page: {
      url: 'https://example.com/article',
      title: 'An article about ink',
      description: 'What the article says',
      image: 'https://example.com/cover.png',
      tags: ['reading', 'ink'],
      inkmarkUrl: 'https://app.inkmark.app/page/b1',
    },
    marks: [
      { text: 'First highlight', color: '#fdffb4', note: 'My note', tags: ['key'], createdAt: 1 },
      { text: 'Second highlight', color: '#c3effc', tags: [], createdAt: 2 },
      { text: 'Third', color: '#ffad2a', tags: [], createdAt: 3 },
    ],
    ...overrides,
  }
}

function exportTo(
  setup: IntegrationsTestApp,
  user: TestUser,
  path: string,
  token: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return injectAs(setup.app, user, {
    method: 'POST',
    url: path,
    headers: { 'x-notion-token': token },
    payload: body as Record<string, unknown>,
  })
}

function textOf(block: StandInBlock): string {
  const value = block.sent[block.type] as { rich_text?: { text: { content: string } }[] }
  return (value.rich_text ?? []).map((item) => item.text.content).join('')
}

describe('Notion OAuth', { timeout: 30_000 }, () => {
  it('gives the authorize address and exchanges a code for the token, with Basic client auth', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('oauth@example.com')
    const address = await injectAs(setup.app, user, {
      method: 'GET',
      url: `/notion/authorize-url?state=s1&redirectUri=${encodeURIComponent(REDIRECT)}`,
    })
    expect(address.statusCode).toBe(200)
    const url = new URL(address.json<{ url: string }>().url)
    expect(url.pathname).toBe('/v1/oauth/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: setup.notion.clientId,
      response_type: 'code',
      owner: 'user',
      redirect_uri: REDIRECT,
      state: 's1',
    })

    const code = setup.notion.issueCode(REDIRECT)
    const exchanged = await injectAs(setup.app, user, {
      method: 'POST',
      url: `/notion/auth/${code}`,
      payload: { redirectUri: REDIRECT },
    })
    expect(exchanged.statusCode).toBe(200)
    expect(exchanged.headers['cache-control']).toBe('no-store')
    const connection = exchanged.json<{ accessToken: string; workspaceName: string }>()
    expect(connection.accessToken).toMatch(/^secret_/)
    expect(connection.workspaceName).toBe('Stand-in workspace')
    const tokenCall = setup.notion.requests.find((request) => request.path === '/v1/oauth/token')
    expect(tokenCall?.headers['notion-version']).toBe('2022-06-28')
    expect(tokenCall?.body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    })

    // The token works against Notion, and neither the code nor the token reached the log.
    const pages = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': connection.accessToken },
    })
    expect(pages.statusCode).toBe(200)
    expect(setup.logs()).not.toContain(code)
    expect(setup.logs()).not.toContain(connection.accessToken)
    expect(setup.logs()).not.toContain(setup.notion.clientSecret)
  })

  it('answers invalid_grant for a used or unknown code, and a redirect that is not /oauth/notion', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('grant@example.com')
    const code = setup.notion.issueCode(REDIRECT)
    const exchange = () =>
      injectAs(setup.app, user, {
        method: 'POST',
        url: `/notion/auth/${code}`,
        payload: { redirectUri: REDIRECT },
      })
    expect((await exchange()).statusCode).toBe(200)
    const again = await exchange()
    expect(again.statusCode).toBe(400)
    expect(again.json<{ code: string }>().code).toBe('invalid_grant')
    const elsewhere = await injectAs(setup.app, user, {
      method: 'POST',
      url: `/notion/auth/${setup.notion.issueCode(REDIRECT)}`,
      payload: { redirectUri: 'https://evil.example/steal' },
    })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json<{ code: string }>().code).toBe('validation_error')
  })
})

describe('GET /notion/pages', { timeout: 30_000 }, () => {
  it('lists the pages and databases the integration sees, titles from their properties', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('pages@example.com')
    const token = setup.notion.issueToken()
    const page = setup.notion.addPage('Reading notes', { icon: '📚' })
    const database = setup.notion.addDatabase('Library', { Name: 'title', URL: 'url' })
    setup.notion.addPage('Old', { archived: true })
    const answer = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': token },
    })
    expect(answer.statusCode).toBe(200)
    const items = answer.json<{ items: unknown[] }>().items
    expect(items).toHaveLength(2)
    expect(items).toContainEqual({
      id: page.id,
      title: 'Reading notes',
      kind: 'page',
      url: page.url,
      icon: '📚',
    })
    expect(items).toContainEqual({
      id: database.id,
      title: 'Library',
      kind: 'database',
      url: database.url,
    })
    const search = setup.notion.requests.find((request) => request.path === '/v1/search')
    expect(search?.headers.authorization).toBe(`Bearer ${token}`)
  })

  it('answers 401 unauthorized for a token Notion refuses, and without a token', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('refused@example.com')
    const refused = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': 'secret_not_issued' },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json<{ code: string }>().code).toBe('unauthorized')
    expect(refused.json<{ message: string }>().message).toContain('Reconnect Notion')
    const none = await injectAs(setup.app, user, { method: 'GET', url: '/notion/pages' })
    expect(none.statusCode).toBe(401)
    expect(none.json<{ code: string }>().code).toBe('unauthorized')
    expect(setup.logs()).not.toContain('secret_not_issued')
  })

  it('passes a 429 of Notion on with its Retry-After', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('slow@example.com')
    const token = setup.notion.issueToken()
    setup.notion.rateLimitNext(1, 17)
    const answer = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': token },
    })
    expect(answer.statusCode).toBe(429)
    expect(answer.headers['retry-after']).toBe('17')
    expect(answer.json<{ code: string }>().code).toBe('rate_limited')
  })

  it('maps a timeout to 504 unknown_error saying it timed out', async () => {
    const setup = await integrationsTestApp({ notionTimeoutMs: 200 })
    const user = await setup.user('timeout@example.com')
    const token = setup.notion.issueToken()
    setup.notion.holdNext(1)
    const answer = await injectAs(setup.app, user, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': token },
    })
    expect(answer.statusCode).toBe(504)
    expect(answer.json<{ code: string }>().code).toBe('unknown_error')
    expect(answer.json<{ message: string }>().message).toContain('timed out')
  })
})

describe('POST /notion/page/{id}', { timeout: 30_000 }, () => {
  it('creates a child page: title, link back, image, tags, then each highlight in its colour with its note and tags', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('export@example.com')
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Reading notes')
    const answer = await exportTo(setup, user, `/notion/page/${parent.id}`, token, payload())
    expect(answer.statusCode).toBe(200)
    const { id, url } = answer.json<{ id: string; url: string }>()
    expect(url).toContain(id.replace(/-/g, ''))
    const page = setup.notion.pages.get(id)
    expect(page?.parent).toEqual({ type: 'page_id', page_id: parent.id })
    expect(setup.notion.titleOf(id)).toBe('An article about ink')
    const blocks = setup.notion.childrenOf(id)
    expect(blocks.map((block) => block.type)).toEqual([
      'bookmark',
      'paragraph',
      'image',
      'paragraph',
      'paragraph',
      'divider',
      'heading_2',
      'quote',
      'paragraph',
      'paragraph',
      'quote',
      'quote',
    ])
    expect(blocks[0]?.sent.bookmark).toMatchObject({ url: 'https://example.com/article' })
    expect(blocks[1]?.sent.paragraph).toMatchObject({
      rich_text: [
        { text: { content: 'Open in Inkmark', link: { url: 'https://app.inkmark.app/page/b1' } } },
      ],
    })
    expect(blocks[2]?.sent.image).toEqual({
      type: 'external',
      external: { url: 'https://example.com/cover.png' },
    })
    expect(textOf(blocks[3]!)).toBe('Tags: #reading #ink')
    const quotes = blocks.filter((block) => block.type === 'quote')
    expect(quotes.map((block) => (block.sent.quote as { color: string }).color)).toEqual([
      'yellow_background',
      'blue_background',
      'orange_background',
    ])
    expect(textOf(quotes[0]!)).toBe('First highlight')
    expect(textOf(blocks[8]!)).toBe('Note: My note')
    expect(textOf(blocks[9]!)).toBe('Tags: #key')
    expect(
      setup.notion.requests.every((request) => request.headers['notion-version'] === '2022-06-28'),
    ).toBe(true)
    expect(setup.logs()).not.toContain(token)
  })

  it('uses the fallback image for an image Notion does not take, and splits long texts for Notion', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('long@example.com')
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Notes')
    const long = `${'a'.repeat(4_500)}`
    const marks = Array.from({ length: 150 }, (_, index) => ({
      text: index === 0 ? long : `Highlight ${index}`,
      color: '#a7e8c8',
      tags: [],
      createdAt: index,
    }))
    const body = payload({
      marks,
      page: { ...payload().page, image: 'https://example.com/cover.gif' },
    })
    const answer = await exportTo(setup, user, `/notion/page/${parent.id}`, token, body)
    expect(answer.statusCode).toBe(200)
    const blocks = setup.notion.childrenOf(answer.json<{ id: string }>().id)
    expect(blocks.find((block) => block.type === 'image')?.sent.image).toEqual({
      type: 'external',
      external: { url: NOTION_FALLBACK_IMAGE_URL },
    })
    const quotes = blocks.filter((block) => block.type === 'quote')
    expect(quotes).toHaveLength(150)
    const first = quotes[0]?.sent.quote as { rich_text: { text: { content: string } }[] }
    expect(first.rich_text.map((item) => item.text.content.length)).toEqual([2000, 2000, 500])
    // 157 blocks: the page was created with 100 and the rest appended.
    const appends = setup.notion.requests.filter(
      (request) => request.method === 'PATCH' && request.path.endsWith('/children'),
    )
    expect(appends).toHaveLength(1)
  })

  it('updates the page of an earlier export instead of making another, and makes a new one when it was archived', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('update@example.com')
    setup.makePremium(user.email)
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Notes')
    const first = await exportTo(setup, user, `/notion/page/${parent.id}`, token, payload())
    const { id } = first.json<{ id: string }>()
    const changed = payload({
      existingPageId: id,
      page: { ...payload().page, title: 'Renamed article' },
      marks: [{ text: 'Only this one now', color: '#f7c2d6', tags: [], createdAt: 5 }],
    })
    const second = await exportTo(setup, user, `/notion/page/${parent.id}`, token, changed)
    expect(second.statusCode).toBe(200)
    expect(second.json<{ id: string }>().id).toBe(id)
    expect(
      [...setup.notion.pages.values()].filter((page) => page.parent.type === 'page_id'),
    ).toHaveLength(1)
    expect(setup.notion.titleOf(id)).toBe('Renamed article')
    const quotes = setup.notion.childrenOf(id).filter((block) => block.type === 'quote')
    expect(quotes.map(textOf)).toEqual(['Only this one now'])
    expect((quotes[0]?.sent.quote as { color: string }).color).toBe('pink_background')

    setup.notion.pages.get(id)!.archived = true
    const third = await exportTo(setup, user, `/notion/page/${parent.id}`, token, changed)
    expect(third.statusCode).toBe(200)
    expect(third.json<{ id: string }>().id).not.toBe(id)

    const missing = await exportTo(setup, user, `/notion/page/${parent.id}`, token, {
      ...changed,
      existingPageId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.statusCode).toBe(200)
  })

  it('answers 404 object_not_found for a page not shared with the integration, and 400 for a bad body', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('missing@example.com')
    const token = setup.notion.issueToken()
    const missing = await exportTo(
      setup,
      user,
      '/notion/page/00000000-0000-4000-8000-000000000000',
      token,
      payload(),
    )
    expect(missing.statusCode).toBe(404)
    expect(missing.json<{ code: string }>().code).toBe('object_not_found')
    const parent = setup.notion.addPage('Notes')
    const bad = await exportTo(setup, user, `/notion/page/${parent.id}`, token, {
      page: { url: 'javascript:x' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ code: string }>().code).toBe('validation_error')
    const badId = await exportTo(setup, user, '/notion/page/..%2Fusers', token, payload())
    expect(badId.statusCode).toBe(400)
    // Neither refusal counted: the day's one export is still there.
    const ok = await exportTo(setup, user, `/notion/page/${parent.id}`, token, payload())
    expect(ok.statusCode).toBe(200)
  })
})

describe('POST /notion/database/{id}', { timeout: 30_000 }, () => {
  it('adds a row with the title, URL and tags properties found by type, the highlights as its content', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('db@example.com')
    const token = setup.notion.issueToken()
    const database = setup.notion.addDatabase('Library', {
      Name: 'title',
      Link: 'url',
      Topics: 'multi_select',
      Tags: 'multi_select',
    })
    const body = payload({ page: { ...payload().page, tags: ['a, b', 'ink'] } })
    const answer = await exportTo(setup, user, `/notion/database/${database.id}`, token, body)
    expect(answer.statusCode).toBe(200)
    const row = setup.notion.pages.get(answer.json<{ id: string }>().id)
    expect(row?.parent).toEqual({ type: 'database_id', database_id: database.id })
    expect(row?.properties).toMatchObject({
      Name: { title: [{ plain_text: 'An article about ink' }] },
      Link: { url: 'https://example.com/article' },
      Tags: { multi_select: [{ name: 'a  b' }, { name: 'ink' }] },
    })
    expect(row?.properties).not.toHaveProperty('Topics')
    expect(setup.notion.childrenOf(row!.id).filter((block) => block.type === 'quote')).toHaveLength(
      3,
    )
  })

  it('adds a row to a database with a title only', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('plain-db@example.com')
    const token = setup.notion.issueToken()
    const database = setup.notion.addDatabase('Plain', { Title: 'title' })
    const answer = await exportTo(setup, user, `/notion/database/${database.id}`, token, payload())
    expect(answer.statusCode).toBe(200)
    expect(setup.notion.titleOf(answer.json<{ id: string }>().id)).toBe('An article about ink')
  })
})

describe('Notion daily limit, login and rate limit', { timeout: 30_000 }, () => {
  it('refuses the second export of the day on Free with 402 daily_limit, not on Premium, and counts again the next UTC day', async () => {
    const setup = await integrationsTestApp()
    const free = await setup.user('free@example.com')
    const premium = await setup.user('premium@example.com')
    setup.makePremium(premium.email)
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Notes')
    const path = `/notion/page/${parent.id}`
    expect((await exportTo(setup, free, path, token, payload())).statusCode).toBe(200)
    const refused = await exportTo(setup, free, path, token, payload())
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toEqual({ code: 'daily_limit', message: NOTION_DAILY_LIMIT_MESSAGE })
    for (let index = 0; index < 3; index += 1) {
      expect((await exportTo(setup, premium, path, token, payload())).statusCode).toBe(200)
    }
    setup.now.value += 24 * 60 * 60 * 1000
    expect((await exportTo(setup, free, path, token, payload())).statusCode).toBe(200)
  })

  it('does not count an export Notion refused', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('refused-count@example.com')
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Notes')
    setup.notion.rateLimitNext(1, 3)
    expect(
      (await exportTo(setup, user, `/notion/page/${parent.id}`, token, payload())).statusCode,
    ).toBe(429)
    expect(
      (await exportTo(setup, user, `/notion/page/${parent.id}`, token, payload())).statusCode,
    ).toBe(200)
  })

  it('needs the login on every call, and one account never reaches what another sent', async () => {
    const setup = await integrationsTestApp()
    const token = setup.notion.issueToken()
    const parent = setup.notion.addPage('Notes')
    for (const [method, url] of [
      ['GET', '/notion/authorize-url?state=s&redirectUri=x'],
      ['POST', '/notion/auth/abc'],
      ['GET', '/notion/pages'],
      ['POST', `/notion/page/${parent.id}`],
      ['POST', `/notion/database/${parent.id}`],
    ] as const) {
      const answer = await setup.app.inject({
        method,
        url,
        headers: { 'x-notion-token': token },
        payload: method === 'POST' ? {} : undefined,
      })
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json<{ code: string }>().code).toBe('UNAUTHORIZED')
    }
    expect(setup.notion.requests).toHaveLength(0)
    // The server keeps nothing between calls: another account with no token of its own gets nothing.
    const owner = await setup.user('owner@example.com')
    await exportTo(setup, owner, `/notion/page/${parent.id}`, token, payload())
    const other = await setup.user('other@example.com')
    const answer = await injectAs(setup.app, other, { method: 'GET', url: '/notion/pages' })
    expect(answer.statusCode).toBe(401)
    expect(answer.json<{ code: string }>().code).toBe('unauthorized')
  })

  it('limits each account’s calls with 429 and Retry-After', async () => {
    const setup = await integrationsTestApp()
    const user = await setup.user('busy@example.com')
    const other = await setup.user('calm@example.com')
    const token = setup.notion.issueToken()
    let answer: LightMyRequestResponse | undefined
    for (let index = 0; index < 25; index += 1) {
      answer = await injectAs(setup.app, user, {
        method: 'GET',
        url: '/notion/pages',
        headers: { 'x-notion-token': token },
      })
      if (answer.statusCode === 429) {
        break
      }
    }
    expect(answer?.statusCode).toBe(429)
    expect(answer?.json<{ code: string }>().code).toBe('RATE_LIMITED')
    expect(Number(answer?.headers['retry-after'])).toBeGreaterThan(0)
    const calm = await injectAs(setup.app, other, {
      method: 'GET',
      url: '/notion/pages',
      headers: { 'x-notion-token': token },
    })
    expect(calm.statusCode).toBe(200)
  })
})
