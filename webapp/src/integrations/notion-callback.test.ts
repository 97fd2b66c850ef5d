import { afterEach, describe, expect, it, vi } from 'vitest'
import { NOTION_CALLBACK_MESSAGES, NOTION_OAUTH_STATE_KEY } from './notion-oauth'
import { exchangeOnce, resetNotionCallbackForTests, takeNotionCallback } from './notion-callback'

afterEach(resetNotionCallbackForTests)

function memoryStorage(values: Record<string, string>) {
  return {
    getItem: (key: string) => values[key] ?? null,
    removeItem: (key: string) => {
      delete values[key]
    },
  }
}

describe('takeNotionCallback', () => {
  it('clears the address bar, uses the kept state once, and reads the code', () => {
    const values = { [NOTION_OAUTH_STATE_KEY]: 's1' }
    const history = { state: { key: 'k' }, replaceState: vi.fn() }
    const location = { search: '?code=c1&state=s1', pathname: '/oauth/notion' }
    expect(takeNotionCallback(location, memoryStorage(values), history)).toEqual({
      kind: 'code',
      code: 'c1',
    })
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/oauth/notion')
    expect(values).toEqual({})
  })

  it('gives a second mount (the address already clean) the first reading', () => {
    const storage = memoryStorage({ [NOTION_OAUTH_STATE_KEY]: 's1' })
    const history = { state: null, replaceState: vi.fn() }
    takeNotionCallback({ search: '?code=c1&state=s1', pathname: '/oauth/notion' }, storage, history)
    expect(takeNotionCallback({ search: '', pathname: '/oauth/notion' }, storage, history)).toEqual(
      {
        kind: 'code',
        code: 'c1',
      },
    )
  })

  it('refuses a callback whose state this tab did not keep', () => {
    const history = { state: null, replaceState: vi.fn() }
    expect(
      takeNotionCallback(
        { search: '?code=c1&state=forged', pathname: '/oauth/notion' },
        memoryStorage({ [NOTION_OAUTH_STATE_KEY]: 's1' }),
        history,
      ),
    ).toEqual({ kind: 'error', message: NOTION_CALLBACK_MESSAGES.stateMismatch })
    expect(history.replaceState).toHaveBeenCalled()
  })
})

describe('exchangeOnce', () => {
  it('exchanges a code once and gives later calls the same outcome', async () => {
    const exchange = vi.fn(() => Promise.resolve({ accessToken: 'tok', workspaceName: 'Home' }))
    const first = await exchangeOnce('c1', exchange)
    const second = await exchangeOnce('c1', exchange)
    expect(first).toEqual({
      kind: 'connected',
      answer: { accessToken: 'tok', workspaceName: 'Home' },
    })
    expect(second).toBe(first)
    expect(exchange).toHaveBeenCalledTimes(1)
  })

  it('words invalid_grant plainly', async () => {
    const refused = Object.assign(new Error('bad'), { status: 400, code: 'invalid_grant' })
    expect(await exchangeOnce('c2', () => Promise.reject(refused))).toEqual({
      kind: 'failed',
      message: NOTION_CALLBACK_MESSAGES.invalidGrant,
    })
  })

  it('fails an answer without a token', async () => {
    expect(await exchangeOnce('c3', () => Promise.resolve({ accessToken: '' }))).toEqual({
      kind: 'failed',
      message: NOTION_CALLBACK_MESSAGES.other,
    })
  })
})
