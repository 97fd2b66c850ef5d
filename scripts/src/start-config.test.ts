import { describe, expect, it } from 'vitest'
import {
  failureMessage,
  portInUseMessage,
  readStartConfig,
  seconds,
  shouldColor,
  siteBuildEnv,
  stripAnsi,
  webOrigins,
} from './start-config'

describe('npm start ports', () => {
  it('uses the default ports when none is set', () => {
    const result = readStartConfig({})
    expect(result).toEqual({
      ok: true,
      config: {
        ports: { relay: 8787, misc: 8788, webapp: 5173, site: 5174 },
        relayUrl: 'http://127.0.0.1:8787',
        miscUrl: 'http://127.0.0.1:8788',
        webappUrl: 'http://127.0.0.1:5173',
        siteUrl: 'http://127.0.0.1:5174',
      },
    })
  })

  it('reads RELAY_PORT, MISC_PORT, WEBAPP_PORT and SITE_PORT, and PORT for the relay', () => {
    const result = readStartConfig({
      RELAY_PORT: '9000',
      MISC_PORT: '9003',
      WEBAPP_PORT: '9001',
      SITE_PORT: '9002',
    })
    expect(result.ok && result.config.ports).toEqual({
      relay: 9000,
      misc: 9003,
      webapp: 9001,
      site: 9002,
    })
    const legacy = readStartConfig({ PORT: '9100' })
    expect(legacy.ok && legacy.config.relayUrl).toBe('http://127.0.0.1:9100')
    const both = readStartConfig({ PORT: '9100', RELAY_PORT: '9200' })
    expect(both.ok && both.config.ports.relay).toBe(9200)
  })

  it('names every bad variable', () => {
    expect(readStartConfig({ WEBAPP_PORT: 'abc', SITE_PORT: '70000' })).toEqual({
      ok: false,
      problems: [
        'web app: WEBAPP_PORT=abc is not a port; use a number from 1 to 65535',
        'site: SITE_PORT=70000 is not a port; use a number from 1 to 65535',
      ],
    })
  })

  it('refuses two services on one port', () => {
    expect(readStartConfig({ SITE_PORT: '5173' })).toEqual({
      ok: false,
      problems: ["site: port 5173 is the web app's too; set SITE_PORT"],
    })
  })

  it('lets the web app and the site reach the relay', () => {
    const result = readStartConfig({ WEBAPP_PORT: '6000', SITE_PORT: '6001' })
    expect(result.ok && webOrigins(result.config)).toBe(
      'http://127.0.0.1:6000,http://localhost:6000,http://127.0.0.1:6001,http://localhost:6001',
    )
  })
})

describe('npm start output', () => {
  it('colours only a terminal, and never under NO_COLOR', () => {
    expect(shouldColor({}, true)).toBe(true)
    expect(shouldColor({}, false)).toBe(false)
    expect(shouldColor({ NO_COLOR: '1' }, true)).toBe(false)
    expect(shouldColor({ TERM: 'dumb' }, true)).toBe(false)
    expect(shouldColor({ FORCE_COLOR: '1' }, false)).toBe(true)
    expect(shouldColor({ FORCE_COLOR: '0' }, false)).toBe(false)
  })

  it('says which service failed and why', () => {
    expect(portInUseMessage('webapp', 5173)).toBe('web app: port 5173 is in use; set WEBAPP_PORT')
    expect(
      failureMessage(
        'webapp',
        5173,
        ['error when starting dev server:', 'Error: Port 5173 is already in use'],
        1,
      ),
    ).toBe('web app: port 5173 is in use; set WEBAPP_PORT')
    expect(failureMessage('relay', 8787, ['Error: listen EADDRINUSE: 127.0.0.1:8787'], 1)).toBe(
      'relay: port 8787 is in use; set RELAY_PORT',
    )
    expect(failureMessage('extension', undefined, ['\u001b[31mBuild failed\u001b[0m', ''], 1)).toBe(
      'extension: exited with code 1 (Build failed)',
    )
    expect(failureMessage('site', 5174, [], null)).toBe('site: stopped')
  })

  it('strips colour codes and formats durations', () => {
    expect(stripAnsi('\u001b[1;32mDONE\u001b[0m')).toBe('DONE')
    expect(seconds(420)).toBe('0.4 s')
    expect(seconds(28_400)).toBe('28 s')
  })
})

describe("the site's build under npm start", () => {
  it("builds with this run's addresses and shows samples as a development build", () => {
    const read = readStartConfig({ SITE_PORT: '6000', RELAY_PORT: '9000' })
    if (!read.ok) {
      throw new Error(read.problems.join())
    }
    expect(siteBuildEnv(read.config)).toEqual({
      VITE_SITE_ORIGIN: 'http://127.0.0.1:6000',
      VITE_APP_URL: 'http://127.0.0.1:5173',
      VITE_RELAY_URL: 'http://127.0.0.1:9000',
      VITE_MISC_URL: 'http://127.0.0.1:8788',
      SITE_STAGE: 'development',
    })
  })
})
