import { describe, expect, it } from 'vitest'
import {
  NOTION_CALLBACK_MESSAGES,
  newOAuthState,
  notionRedirectUri,
  readNotionCallback,
} from './notion-oauth'

describe('notionRedirectUri', () => {
  it('is this origin’s /oauth/notion', () => {
    expect(notionRedirectUri('https://app.inkmark.test')).toBe(
      'https://app.inkmark.test/oauth/notion',
    )
  })
})

describe('newOAuthState', () => {
  it('is 64 hex characters from 32 random bytes', () => {
    const state = newOAuthState((bytes) => bytes.fill(171))
    expect(state).toBe('ab'.repeat(32))
    expect(newOAuthState((bytes) => crypto.getRandomValues(bytes))).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('readNotionCallback', () => {
  const query = (text: string) => new URLSearchParams(text)

  it('accepts a code with the state this tab kept', () => {
    expect(readNotionCallback(query('code=c1&state=s1'), 's1')).toEqual({
      kind: 'code',
      code: 'c1',
    })
  })

  it('refuses another state, or none kept', () => {
    expect(readNotionCallback(query('code=c1&state=s2'), 's1')).toEqual({
      kind: 'error',
      message: NOTION_CALLBACK_MESSAGES.stateMismatch,
    })
    expect(readNotionCallback(query('code=c1&state=s1'), null).kind).toBe('error')
    expect(readNotionCallback(query('code=c1'), 's1').kind).toBe('error')
  })

  it('says plainly that access was refused, and does not echo other errors', () => {
    expect(readNotionCallback(query('error=access_denied&state=s1'), 's1')).toEqual({
      kind: 'error',
      message: NOTION_CALLBACK_MESSAGES.accessDenied,
    })
    const other = readNotionCallback(query('error=Call%20this%20number&state=s1'), 's1')
    expect(other).toEqual({ kind: 'error', message: NOTION_CALLBACK_MESSAGES.other })
  })

  it('refuses a callback without a code', () => {
    expect(readNotionCallback(query('state=s1'), 's1')).toEqual({
      kind: 'error',
      message: NOTION_CALLBACK_MESSAGES.noCode,
    })
  })
})
