// A seeded fuzz run: thousands of malformed requests at every route and method, with and without
// a valid token. The relay must never answer 5xx, must answer every error with a coded JSON body
// (except the server-rendered public pages, whose 404 is their one HTML not-found page), must stay up, and a refused request must leave the user's stored data exactly as it was.
import { SignJWT } from 'jose'
import { createSeededRandom } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../accounts/tokens'
import { renderNotFoundHtml } from '../sharing/public-page-html'
import { buildRelay, testConfig } from '../testing/build'
import { randomRequest, type FuzzContext } from '../testing/fuzz-requests'
import {
  createUser,
  entity,
  injectAs,
  pullAll,
  push,
  tokenPayload,
  type PullPage,
} from '../testing/relay-harness'

// FUZZ_SEED=<n> replays or explores another seed.
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_301)
const REQUESTS = 4000
/** Compare the full pull (GET /sync?since=0) after every this many refused requests. */
const FULL_COMPARE_EVERY = 25

describe('fuzzing every route', () => {
  it(`survives ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx or a stored change`, async () => {
    // The check pulls after every refused request: thousands of /sync calls of one account in
    // seconds, which its per-account limits (limits/limits.test.ts) would rightly refuse.
    const unlimited = { burst: 1_000_000, perMinute: 1_000_000 }
    const app = await buildRelay({
      config: { limits: { syncPerAccount: unlimited, apiPerAccount: unlimited } },
    })
    const ada = await createUser(app, 'ada@example.com')
    const bob = await createUser(app, 'bob@example.com')
    await push(app, ada, [
      entity.bookmark('b1', { tags: ['kept'] }),
      entity.mark('m1', 'b1'),
      entity.settings('s1'),
      entity.page('p1', '<p>kept</p>'),
      entity.chat('c1', 'kept?'),
    ])
    await push(app, bob, [entity.bookmark('bob-b1')])
    const bobBefore = await pullAll(app, bob)
    const adaId = String(tokenPayload(ada.token)._id)

    const [header, payload] = ada.token.split('.') as [string, string]
    const context: FuzzContext = {
      validToken: ada.token,
      userId: adaId,
      invalidTokens: [
        'garbage',
        `${header}.${payload}.AAAA`,
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
        await new SignJWT({ _id: adaId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(adaId)
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-another-secret-another')),
      ],
    }

    let snapshot = await pullAll(app, ada)
    let cursor = (
      await injectAs(app, ada, { method: 'GET', url: '/sync?since=0&limit=2000' })
    ).json<PullPage>().cursor
    const random = createSeededRandom(SEED)
    const notFoundPage = renderNotFoundHtml({ appUrl: testConfig().appUrl }).html
    const statuses = new Map<number, number>()
    let refused = 0

    for (let index = 0; index < REQUESTS; index += 1) {
      const request = randomRequest(random, context, index)
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      })
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
      expect(response.statusCode, request.description).toBeLessThan(500)
      // HEAD answers have no body; OPTIONS is answered by the CORS plugin (a preflight without
      // its headers gets a plain-text 400 from @fastify/cors).
      const isHtmlPage = String(response.headers['content-type']).startsWith('text/html')
      if (isHtmlPage && response.statusCode >= 400) {
        // GET /explore/:shareId and /discover/page/:shareId: the same not-found page for all.
        expect(response.statusCode, request.description).toBe(404)
        if (request.method !== 'HEAD') {
          expect(response.body, request.description).toBe(notFoundPage)
        }
      } else if (response.statusCode >= 400 && !['HEAD', 'OPTIONS'].includes(request.method)) {
        const detail = `${request.description} -> ${response.statusCode} ${response.body.slice(0, 200)}`
        let body: { code?: unknown; message?: unknown } = {}
        try {
          body = response.json()
        } catch {
          // Checked just below: a non-JSON error body fails the run.
        }
        expect(typeof body.code, detail).toBe('string')
        expect(typeof body.message, detail).toBe('string')
      }

      const changes = await injectAs(app, ada, {
        method: 'GET',
        url: `/sync?since=${cursor}&limit=2000`,
      })
      const changed = changes.json<PullPage>()
      if (response.statusCode >= 300) {
        refused += 1
        expect(changed.entities, `a refused request changed data: ${request.description}`).toEqual(
          [],
        )
        if (refused % FULL_COMPARE_EVERY === 0) {
          expect(await pullAll(app, ada), request.description).toEqual(snapshot)
        }
      } else if (changed.entities.length > 0) {
        cursor = changed.cursor
        snapshot = await pullAll(app, ada)
      }
    }

    if (process.env.FUZZ_VERBOSE) {
      console.log([...statuses].sort(([a], [b]) => a - b))
    }
    // Still up, still the same data, still the same account.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
    expect(await pullAll(app, ada)).toEqual(snapshot)
    expect(await pullAll(app, bob)).toEqual(bobBefore)
    const login = await app.inject({
      method: 'POST',
      url: '/auth',
      remoteAddress: '192.168.0.1',
      payload: { email: 'ada@example.com', password: 'correct horse battery' },
    })
    expect(login.statusCode).toBe(200)
    expect({} as Record<string, unknown>).not.toHaveProperty('polluted')
    expect({} as Record<string, unknown>).not.toHaveProperty('isAdmin')
    // The run reached the routes, not only the error paths.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 20)
    expect(refused).toBeGreaterThan(REQUESTS / 2)
  }, 60_000)
})
