import { describe, expect, it } from 'vitest'
import { checkedRedirectUri, notionAuthorizeUrl, oauthCredentials } from './notion-oauth'

const settings = {
  apiBaseUrl: 'https://api.notion.com',
  clientId: 'id',
  clientSecret: 'secret',
  timeoutMs: 60_000,
}

describe('Notion OAuth addresses', () => {
  it("builds Notion's authorize address for the web app's /oauth/notion", () => {
    const url = new URL(
      notionAuthorizeUrl(settings, 'state-1', 'https://app.inkmark.app/oauth/notion'),
    )
    expect(url.origin + url.pathname).toBe('https://api.notion.com/v1/oauth/authorize')
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.inkmark.app/oauth/notion')
    expect(url.searchParams.get('state')).toBe('state-1')
    expect(url.searchParams.has('client_secret')).toBe(false)
  })

  it('refuses a redirect that is not an http(s) /oauth/notion address', () => {
    for (const bad of ['javascript:alert(1)', 'https://app.inkmark.app/other', 'not a url']) {
      expect(() => checkedRedirectUri(bad), bad).toThrow(/redirectUri/)
    }
  })

  it('answers not_configured without a client id and secret', () => {
    expect(() => oauthCredentials({ apiBaseUrl: 'https://api.notion.com', timeoutMs: 1 })).toThrow(
      expect.objectContaining({ status: 503, code: 'not_configured' }) as Error,
    )
  })
})
