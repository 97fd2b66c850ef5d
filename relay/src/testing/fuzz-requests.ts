// Seeded generators of malformed requests for the relay's fuzz test: random JSON, wrong types,
// huge strings, deep nesting, unknown fields, prototype-pollution keys, invalid UTF-8, wrong
// content types and empty bodies, aimed at every route and method. The same seed always gives
// the same requests, so a failure is replayed by its seed and index.
import type { SeededRandom } from '@inkmark/shared/testing'
import { entity } from './relay-harness'

/** A route of the relay and a valid body for it (mutated into invalid ones). */
export interface FuzzRoute {
  method: string
  /** Path with `:param` placeholders. */
  path: string
  /** A valid query string (without '?'), if the route takes one. */
  query?: string
  /** A valid body, if the route takes one. */
  body?: unknown
  /** Whether a valid token must never be sent (the request would end the fuzzed account). */
  neverWithValidToken?: boolean
}

export const FUZZ_ROUTES: readonly FuzzRoute[] = [
  { method: 'GET', path: '/health' },
  {
    method: 'POST',
    path: '/users/register',
    body: { email: 'fuzz@example.com', password: 'fuzz password' },
  },
  { method: 'POST', path: '/auth', body: { email: 'ada@example.com', password: 'wrong password' } },
  { method: 'POST', path: '/auth/refresh-token' },
  { method: 'GET', path: '/users/userinfo/:id', query: 'invalidateCache=true' },
  { method: 'POST', path: '/users/resend-email-confirmation', body: { email: 'ada@example.com' } },
  { method: 'GET', path: '/users/confirm-email', query: 'token=abcdefghijklmnop' },
  {
    method: 'POST',
    path: '/users/change-password',
    body: { oldPassword: 'not the password', newPassword: 'another password' },
  },
  { method: 'POST', path: '/users/reset-password', query: 'email=nobody@example.com' },
  {
    method: 'POST',
    path: '/password-reset',
    body: { token: 'abcdefghijklmnop', password: 'a new password' },
  },
  {
    method: 'DELETE',
    path: '/users/delete',
    body: { password: 'not the password' },
    neverWithValidToken: true,
  },
  // It would end the session the other fuzz requests use.
  { method: 'POST', path: '/users/logout-all', neverWithValidToken: true },
  { method: 'POST', path: '/rooms/tickets', body: { docName: 'library' } },
  { method: 'GET', path: '/config' },
  { method: 'GET', path: '/pricing', query: 'userPlanType=PREMIUM&discountCode=SPECIAL20' },
  { method: 'GET', path: '/product/plans' },
  { method: 'GET', path: '/product/products' },
  { method: 'GET', path: '/notifications' },
  { method: 'POST', path: '/sync', body: { entities: [entity.bookmark('fuzz-b')] } },
  { method: 'PUT', path: '/sync', body: { entities: [entity.mark('fuzz-m', 'fuzz-b')] } },
  {
    method: 'DELETE',
    path: '/sync',
    body: { entities: [{ _id: 'fuzz-x', _objectStore: 'bookmarks' }] },
  },
  { method: 'GET', path: '/sync', query: 'since=0&limit=10' },
  { method: 'GET', path: '/bookmarks' },
  { method: 'GET', path: '/bookmarks/:id' },
  { method: 'GET', path: '/bookmarks/:id/marks' },
  { method: 'GET', path: '/marks' },
  { method: 'GET', path: '/tags' },
  { method: 'GET', path: '/chrome-storage' },
  { method: 'GET', path: '/page-contents' },
  { method: 'GET', path: '/page-contents/html', query: '_id=p1' },
  { method: 'GET', path: '/aichats' },
  { method: 'GET', path: '/aichats/messages', query: '_id=c1' },
  {
    method: 'PUT',
    path: '/learning-info',
    body: { marks: [{ _id: 'm1', learningItem: { box: 1 } }] },
  },
  {
    method: 'PUT',
    path: '/learning-info',
    body: { dueCount: 3, learnedToday: 1, dailyTarget: 10, nextDueAt: null },
  },
  { method: 'GET', path: '/settings' },
  { method: 'PUT', path: '/settings', body: { isLearningReminderEmailEnabled: false } },
  { method: 'POST', path: '/unsubscribe/:userId', query: 'signature=not-the-signature' },
  { method: 'POST', path: '/events', body: { events: [{ name: 'page_saved', count: 2 }] } },
  { method: 'GET', path: '/giveaway/count/amount-this-month' },
  { method: 'GET', path: '/giveaway/:id' },
  { method: 'POST', path: '/giveaway', body: {} },
  { method: 'POST', path: '/giveaway/:id/redeem', body: {} },
  { method: 'GET', path: '/rooms/:docName', query: 'ticket=x' },
  { method: 'GET', path: '/billing/config' },
  { method: 'POST', path: '/billing/checkout', body: { plan: 'ULTIMATE', duration: '1Y' } },
  { method: 'GET', path: '/billing/test-checkout/:id' },
  { method: 'POST', path: '/billing/test-checkout/:id/complete' },
  { method: 'POST', path: '/billing/webhooks/paddle', body: { event_id: 'evt_1', data: {} } },
  { method: 'GET', path: '/subscription/:id' },
  { method: 'GET', path: '/subscription/price/:id', query: 'countryCode=US' },
  { method: 'GET', path: '/subscription/transactions/:userId' },
  { method: 'GET', path: '/subscription/invoice/:id' },
  { method: 'GET', path: '/subscription/cancellation-offer/:id' },
  { method: 'POST', path: '/subscription/redeem-cancellation-offer/:id' },
  { method: 'POST', path: '/subscription/cancel/:id' },
  { method: 'POST', path: '/subscription/resume/:id' },
  {
    method: 'POST',
    path: '/cancellation-feedback',
    body: { subscriptionId: 'sub_1', reason: 'other', status: 'PENDING' },
  },
  { method: 'GET', path: '/dev/outbox' },
  { method: 'GET', path: '/explore/bookmarks/:shareId' },
  { method: 'GET', path: '/explore/bookmarks/:shareId/marks' },
  { method: 'GET', path: '/explore/tags' },
  { method: 'GET', path: '/explore/:shareId' },
  { method: 'GET', path: '/discover/page/:shareId' },
  { method: 'POST', path: '/discover', body: { type: 'most-liked', tag: 'reading' } },
  { method: 'POST', path: '/discover/websites', body: {} },
  { method: 'PUT', path: '/bookmarks/like/:shareId' },
  { method: 'PUT', path: '/bookmarks/unlike/:shareId' },
  { method: 'POST', path: '/explore/bookmarks/:shareId/report', body: { reason: 'Spam' } },
  { method: 'GET', path: '/sharing' },
  { method: 'GET', path: '/operator/reports' },
  { method: 'PUT', path: '/operator/hidden-pages/:shareId' },
  { method: 'DELETE', path: '/operator/hidden-pages/:shareId' },
]

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json-patch+json',
  'garbage/!!',
  '',
]
const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uffff',
  '\ud800',
  '💥',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  'library',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(40),
]
const PROTOTYPE_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"entities":[{"_id":"p","_objectStore":"bookmarks","__proto__":{"isAdmin":true}}]}',
  '{"entities":[],"__proto__":{"entities":[]}}',
  '{"email":"a@example.com","password":"xxxxxxxxxx","__proto__":{"premium":true}}',
  '{"marks":[{"_id":"m1","learningItem":{"__proto__":{"x":1}}}]}',
  '{"marks":[{"_id":"m1","learningItem":{"constructor":{"prototype":{"x":1}}}}]}',
]

/** One generated request, ready for `app.inject`. */
export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  remoteAddress: string
  /** Whether it carries the fuzzed user's valid token. */
  withValidToken: boolean
  /** What the generator did, for failure messages. */
  description: string
}

export interface FuzzContext {
  validToken: string
  /** Tokens that must be refused: garbage, forged, another secret. */
  invalidTokens: readonly string[]
  userId: string
}

function randomString(random: SeededRandom, maxLength: number): string {
  if (random.chance(0.3)) {
    return random.pick(WEIRD_STRINGS)
  }
  const length = random.int(0, maxLength)
  let text = ''
  for (let index = 0; index < length; index += 1) {
    text += String.fromCharCode(random.chance(0.9) ? random.int(32, 126) : random.int(0, 0xffff))
  }
  return text
}

function hugeString(random: SeededRandom): string {
  return random.pick(['x', 'é', '💥', '\\"', '<']).repeat(random.int(10_000, 300_000))
}

/** A random JSON value, at most `depth` levels deep. */
export function randomJson(random: SeededRandom, depth: number): unknown {
  const kind = random.int(0, depth <= 0 ? 4 : 6)
  switch (kind) {
    case 0:
      return null
    case 1:
      return random.chance(0.5)
    case 2:
      return random.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, random.int(-1e6, 1e6)])
    case 3:
    case 4:
      return randomString(random, 20)
    case 5:
      return Array.from({ length: random.int(0, 4) }, () => randomJson(random, depth - 1))
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 4) }, () => [
          random.chance(0.2)
            ? random.pick(['entities', 'email', 'password', '_id'])
            : randomString(random, 8),
          randomJson(random, depth - 1),
        ]),
      )
  }
}

/** A JSON array nested `depth` deep, as text. */
function deepJson(depth: number, open = '[', close = ']'): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`
}

const DEEP_MARKER = '@@deep:'

/** JSON.stringify, with deep-nesting markers replaced by nested arrays. */
function stringify(value: unknown): string {
  return (JSON.stringify(value) ?? 'undefined').replace(/"@@deep:(\d+)@@"/g, (_, depth: string) =>
    deepJson(Number(depth)),
  )
}

/** `value` with one random thing changed somewhere inside it. */
function mutate(random: SeededRandom, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 6 || random.chance(0.15)) {
    return random.pick<() => unknown>([
      () => randomJson(random, 2),
      () => hugeString(random),
      // A deeply nested value, spliced into the JSON text later (JSON.stringify would overflow).
      () => `${DEEP_MARKER}${random.int(50, 30_000)}@@`,
      () => undefined,
      () => String(value),
      () => [value],
      () => ({ value }),
      () => -1,
      () => Number.MAX_VALUE,
      () => randomString(random, 300),
    ])()
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])]
    if (copy.length === 0 || random.chance(0.2)) {
      copy.push(randomJson(random, 3))
    } else {
      const index = random.int(0, copy.length - 1)
      copy[index] = mutate(random, copy[index], depth + 1)
    }
    return copy
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  const keys = Object.keys(copy)
  const action = keys.length === 0 ? 0 : random.int(0, 9)
  if (action < 2) {
    copy[random.chance(0.5) ? randomString(random, 10) : 'unknownField'] = random.chance(0.5)
      ? randomJson(random, 2)
      : mutate(random, null, depth + 1)
  } else if (action < 4) {
    delete copy[random.pick(keys)]
  } else {
    const key = random.pick(keys)
    copy[key] = mutate(random, copy[key], depth + 1)
  }
  return copy
}

/** A body: mostly broken in one of many ways, as text or raw bytes. */
function randomBody(random: SeededRandom, route: FuzzRoute): string | Buffer | undefined {
  const valid = route.body ?? {}
  switch (random.int(0, 14)) {
    case 0:
      return undefined
    case 1:
      return ''
    case 2:
      return JSON.stringify(randomJson(random, 4))
    case 3:
    case 4:
    case 5:
      return stringify(mutate(random, valid))
    case 6:
      return random.pick(PROTOTYPE_BODIES)
    case 7: {
      const text = JSON.stringify(valid)
      return text.slice(0, random.int(0, Math.max(0, text.length - 1)))
    }
    case 8: {
      // Invalid UTF-8 inside a JSON string.
      const [before, after] = ['{"email":"', '@example.com","password":"xxxxxxxxxx"}']
      const bad = Buffer.from(random.pick([[0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x28, 0x8c]]))
      return Buffer.concat([Buffer.from(before), bad, Buffer.from(after)])
    }
    case 9:
      return random.chance(0.5)
        ? deepJson(random.int(1000, 100_000))
        : deepJson(random.int(1000, 50_000), '{"a":', '}')
    case 10:
      return JSON.stringify({ ...valid, extra: hugeString(random) })
    case 11:
      return random.pick(['null', 'true', '0', '"string"', '[]', '{}', 'NaN', '{"a":1}{"b":2}'])
    case 12:
      return random.chance(0.02)
        ? // Over the body limit.
          `{"entities":[],"pad":"${'x'.repeat(9 * 1024 * 1024)}"}`
        : Buffer.from(Array.from({ length: random.int(1, 200) }, () => random.int(0, 255)))
    case 13: {
      // A valid body with a deeply nested unknown field in its first element.
      const [key, items] = Object.entries(valid as Record<string, unknown>)[0] ?? ['x', [{}]]
      const [first] = Array.isArray(items) ? (items as object[]) : [{}]
      return stringify({
        [key]: [{ ...first, extra: `${DEEP_MARKER}${random.int(1000, 30_000)}@@` }],
      })
    }
    default:
      return JSON.stringify(valid)
  }
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))
}

function randomPath(random: SeededRandom, route: FuzzRoute, context: FuzzContext): string {
  return route.path.replace(/:[a-zA-Z]+/g, () =>
    random.chance(0.1)
      ? random.pick(['%ff', '%E0%A4%A', '%', '%00', '..%2f..', '%2e%2e'])
      : encode(
          random.pick([
            context.userId,
            'library',
            'b1',
            'other-user',
            randomString(random, 20),
            'x'.repeat(random.int(100, 400)),
          ]),
        ),
  )
}

function randomQuery(random: SeededRandom, route: FuzzRoute): string {
  switch (random.int(0, 5)) {
    case 0:
      return ''
    case 1:
      return route.query ?? ''
    case 2:
      return `${route.query ?? ''}&unknown=1`
    case 3:
      return `${random.pick(['since', 'limit', '_id', 'token', 'email', 'discountCode'])}=${
        random.chance(0.1) ? '%ff%fe' : encode(randomString(random, 30))
      }`
    case 4:
      return `${route.query ?? 'a=1'}&${route.query ?? 'a=1'}`
    default:
      return `__proto__[x]=1&constructor[prototype][y]=2&${route.query ?? ''}`
  }
}

/** Generates request number `index` (deterministic for a given `random` state). */
export function randomRequest(
  random: SeededRandom,
  context: FuzzContext,
  index: number,
): FuzzRequest {
  const route = random.chance(0.03)
    ? { method: 'GET', path: `/${encode(randomString(random, 12))}` }
    : random.pick(FUZZ_ROUTES)
  const method = random.chance(0.85) ? route.method : random.pick(METHODS)
  let query = randomQuery(random, route)
  const headers: Record<string, string> = {}
  const auth = random.int(0, 9)
  const withValidToken = auth < 6 && !route.neverWithValidToken
  if (route.path.startsWith('/rooms/') && withValidToken && random.chance(0.7)) {
    // Browsers cannot set headers on websockets: the rooms take a ticket in the query (a login
    // token there must open nothing either).
    query = `ticket=${context.validToken}${random.chance(0.3) ? `&${query}` : ''}`
  }
  const url = `${randomPath(random, route, context)}${query ? `?${query}` : ''}`
  if (withValidToken) {
    headers.authorization = `Bearer ${context.validToken}`
  } else if (auth < 9) {
    headers.authorization = random.pick([
      `Bearer ${random.pick(context.invalidTokens)}`,
      random.pick(context.invalidTokens),
      'Bearer',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${randomString(random, 50)}`.replace(/[^\t\x20-\x7e]/g, '?'),
    ])
  }
  const payload =
    ['GET', 'HEAD'].includes(method) && random.chance(0.8) ? undefined : randomBody(random, route)
  if (payload !== undefined || random.chance(0.2)) {
    const contentType = random.chance(0.7) ? 'application/json' : random.pick(CONTENT_TYPES)
    if (contentType) {
      headers['content-type'] = contentType
    }
  }
  if (random.chance(0.05)) {
    headers.origin = random.pick(['http://evil.example', 'chrome-extension://abc', 'null'])
  }
  return {
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    // Mostly distinct client addresses, so the account routes' rate limit does not answer
    // everything; a few from one address, so 429s are fuzzed as well.
    remoteAddress: random.chance(0.1)
      ? '127.0.0.1'
      : `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
    withValidToken,
    description: `#${index} ${method} ${url.slice(0, 200)} [${headers['content-type'] ?? 'no content-type'}] ${
      typeof payload === 'string'
        ? payload.slice(0, 200)
        : payload
          ? `<${payload.length} bytes>`
          : '<no body>'
    }`,
  }
}
