import { describe, expect, it } from 'vitest'
import { readMiscConfig } from './misc-config'

describe('the misc server configuration', () => {
  it('defaults to the real services, loopback refused, and the documented limits', () => {
    const config = readMiscConfig({})
    expect(config.port).toBe(8788)
    expect(config.notion.apiBaseUrl).toBe('https://api.notion.com')
    expect(config.capacities.apiBaseUrl).toBe('https://api.capacities.io')
    expect(config.youtubeOrigin).toBe('https://www.youtube.com')
    expect(config.fetcher).toEqual({
      allowLoopback: false,
      userAgent: 'InkmarkFetcher/1.0 (+https://inkmark.app/fetcher)',
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 15_000,
      maxRedirects: 5,
    })
    expect(config.pdf.maxHtmlBytes).toBe(2 * 1024 * 1024)
    expect(config.notion.clientId).toBeUndefined()
  })

  it('reads the environment and refuses bad values', () => {
    const config = readMiscConfig({
      MISC_PORT: '9999',
      INKMARK_FETCHER_ALLOW_LOOPBACK: '1',
      INKMARK_SITE_URL: 'https://example.org/',
      INKMARK_NOTION_API_URL: 'http://127.0.0.1:4000/',
      NOTION_CLIENT_ID: 'id',
      NOTION_CLIENT_SECRET: 'secret',
    })
    expect(config.port).toBe(9999)
    expect(config.fetcher.allowLoopback).toBe(true)
    expect(config.fetcher.userAgent).toBe('InkmarkFetcher/1.0 (+https://example.org/fetcher)')
    expect(config.notion).toEqual({
      apiBaseUrl: 'http://127.0.0.1:4000',
      clientId: 'id',
      clientSecret: 'secret',
    })
    expect(() => readMiscConfig({ MISC_PORT: 'x' })).toThrow('MISC_PORT')
    expect(() => readMiscConfig({ INKMARK_FETCHER_ALLOW_LOOPBACK: 'yes' })).toThrow('1 or 0')
    expect(() => readMiscConfig({ INKMARK_NOTION_API_URL: 'ftp://x' })).toThrow('http(s)')
    expect(() => readMiscConfig({ INKMARK_FETCHER_MAX_BYTES: '-1' })).toThrow('positive')
    expect(readMiscConfig({ INKMARK_YOUTUBE_ORIGIN: 'http://127.0.0.1:4100/' }).youtubeOrigin).toBe(
      'http://127.0.0.1:4100',
    )
    expect(() => readMiscConfig({ INKMARK_YOUTUBE_ORIGIN: 'javascript:1' })).toThrow('http(s)')
  })
})
