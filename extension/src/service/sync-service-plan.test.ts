// The account side of the extension's sync against a relay played by a fetch: the wh- headers on
// sign-in, the plan read again after it, a 402 PREMIUM_REQUIRED that keeps what is pending until a
// plan refresh lets sync resume, and a 401 that clears the stored token.
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionStore } from './session-store'
import { SyncService, type SyncStatus } from './sync-service'

/** The address a fetch was given. */
function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

const RELAY = 'http://127.0.0.1:8787'
const DAY = 24 * 60 * 60 * 1000

function tokenFor(payload: object): string {
  return `header.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`
}

const trialToken = tokenFor({
  _id: 'user-1',
  email: 'reader@example.org',
  premium: false,
  createdAt: Date.now(),
  userPlan: { type: 'FREE_TRIAL', expiresDateMillis: Date.now() + 10 * DAY },
})
const ultimateToken = tokenFor({
  _id: 'user-1',
  email: 'reader@example.org',
  premium: false,
  createdAt: Date.now(),
  userPlan: { type: 'ULTIMATE', expiresDateMillis: Date.now() + 365 * DAY },
})

interface Call {
  method: string
  path: string
  headers: Record<string, string>
}

/** A relay played by a fetch: `syncAnswer` decides what the sync calls get. */
function fakeRelay(options: { syncAnswer: () => Response; refreshAnswer?: () => Response }) {
  const calls: Call[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const url = new URL(urlOf(input))
    const path = `${url.pathname}${url.search}`
    calls.push({
      method: init?.method ?? 'GET',
      path,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    })
    if (url.pathname === '/config') {
      return Promise.resolve(
        Response.json({
          backendUrlOverride: null,
          miscServerUrlOverride: null,
          backendUrlFallbackOverride: null,
          cacheTtlInMillis: 60_000,
        }),
      )
    }
    if (url.pathname === '/auth') {
      return Promise.resolve(Response.json({ token: trialToken }))
    }
    if (url.pathname.startsWith('/users/userinfo/')) {
      return Promise.resolve(Response.json({ _id: 'user-1' }))
    }
    if (url.pathname === '/auth/refresh-token') {
      return Promise.resolve(options.refreshAnswer?.() ?? Response.json({ token: trialToken }))
    }
    if (url.pathname === '/sync') {
      return Promise.resolve(options.syncAnswer())
    }
    // The live room's ticket and the learning report: not what these tests look at.
    return Promise.resolve(new Response('Unavailable', { status: 503 }))
  }
  return { calls, fetch: fetchImpl }
}

const premiumRequired = () =>
  Response.json(
    { code: 'PREMIUM_REQUIRED', message: 'Sync needs Premium, Ultimate or the trial' },
    { status: 402 },
  )
const emptyPull = () => Response.json({ entities: [], cursor: 0, hasMore: false })

let harness: TestStore | undefined
let service: SyncService | undefined

afterEach(async () => {
  await service?.signOut()
  await harness?.store.close()
  service = undefined
  harness = undefined
})

async function signedIn(relay: ReturnType<typeof fakeRelay>) {
  harness = await openTestStore()
  const sessions = new SessionStore(new IDBFactory())
  const heard: SyncStatus[] = []
  const store = harness.store
  service = new SyncService(() => Promise.resolve(store), {
    sessions,
    fetch: relay.fetch,
    onStatusChange: (status) => heard.push(status),
  })
  await service.signIn(RELAY, 'reader@example.org', 'correct horse')
  return { sync: service, sessions, heard, store }
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('never came true')
}

describe('the extension account against its relay', () => {
  it('signs in with the wh- headers, then reads the plan again (userinfo, then a new token)', async () => {
    const relay = fakeRelay({ syncAnswer: emptyPull })
    const { sync } = await signedIn(relay)
    const auth = relay.calls.find((call) => call.path === '/auth')
    expect(auth?.headers['wh-app-type']).toBe('extension')
    expect(auth?.headers['wh-browser-type']).toMatch(/^(chrome|edge|opera|firefox)$/)
    expect(auth?.headers['wh-timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    const order = relay.calls.map((call) => `${call.method} ${call.path}`)
    const userinfo = order.indexOf('GET /users/userinfo/user-1?invalidateCache=true')
    expect(userinfo).toBeGreaterThan(order.indexOf('POST /auth'))
    expect(order.indexOf('POST /auth/refresh-token')).toBeGreaterThan(userinfo)
    expect(sync.status()).toMatchObject({ signedIn: true, plan: 'FREE_TRIAL' })
  })

  it('shows PREMIUM_REQUIRED on a 402, keeps what is pending, and syncs again after a plan refresh', async () => {
    let answer = premiumRequired
    let refreshed = trialToken
    const relay = fakeRelay({
      syncAnswer: () => answer(),
      refreshAnswer: () => Response.json({ token: refreshed }),
    })
    const { sync, store, sessions } = await signedIn(relay)
    await store.updateChromeSettings({ lastTeaserClosedDateInMillis: 1 })
    await sync.syncNow()
    expect(sync.status().state).toBe('PREMIUM_REQUIRED')
    expect((await store.getEntitiesThatNeedSync()).length).toBeGreaterThan(0)

    // A purchase in the web app: the relay now syncs, and a new token carries Ultimate.
    answer = () =>
      Response.json(
        relay.calls.at(-1)?.method === 'GET'
          ? { entities: [], cursor: 0, hasMore: false }
          : { stored: [], rejected: [] },
      )
    refreshed = ultimateToken
    await sync.refreshPlan()
    expect((await sessions.get())?.token).toBe(ultimateToken)
    expect(sync.status().plan).toBe('ULTIMATE')
    // Sync resumes by itself: the pending change is pushed.
    await until(() => relay.calls.some((call) => call.path === '/sync' && call.method !== 'GET'))
    await until(() => sync.status().state !== 'PREMIUM_REQUIRED')
  })

  it('reads the plan again when the popup opens only once the TTL has run out', async () => {
    let now = Date.now()
    const relay = fakeRelay({ syncAnswer: emptyPull })
    harness = await openTestStore()
    const store = harness.store
    service = new SyncService(() => Promise.resolve(store), {
      sessions: new SessionStore(new IDBFactory()),
      fetch: relay.fetch,
      now: () => now,
    })
    await service.signIn(RELAY, 'reader@example.org', 'correct horse')
    const refreshes = () => relay.calls.filter((call) => call.path === '/auth/refresh-token').length
    expect(refreshes()).toBe(1)
    await service.refreshPlanIfDue()
    expect(refreshes()).toBe(1)
    now += 60_000
    await service.refreshPlanIfDue()
    expect(refreshes()).toBe(2)
  })

  it('clears the stored token on a 401 during sync and asks to sign in again', async () => {
    const relay = fakeRelay({
      syncAnswer: () => Response.json({ message: 'Unauthorized' }, { status: 401 }),
    })
    const { sync, sessions } = await signedIn(relay)
    await sync.syncNow()
    await until(() => !sync.status().signedIn)
    expect(sync.status()).toMatchObject({
      signedIn: false,
      tokenExpired: true,
      message: 'Your token expired. Please login again.',
    })
    expect(await sessions.get()).toBeUndefined()
  })
})
