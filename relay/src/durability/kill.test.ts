// An acknowledged write survives `kill -9`: the relay runs as a real process on a data directory,
// takes batches of entities, and is SIGKILLed at a seeded random moment after each acknowledged
// batch (sometimes with the next push in flight), then restarted on the same directory. Every
// acknowledged entity must be there, the docs must load, and an unacknowledged batch must be
// there entirely or not at all.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSeededRandom } from '@inkmark/shared/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { entity, pulledIds, type PullPage } from '../testing/relay-harness'
import { freePort, startRelayProcess, type RelayProcess } from '../testing/relay-process'

const SEED = 7_070_707
const BATCHES = 20
const JWT_SECRET = 'durability-test-secret-durability-test-secret'

let current: RelayProcess | undefined
const dirs: string[] = []
afterAll(async () => {
  await current?.kill()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

function batch(index: number): object[] {
  const bookmarkId = `b${index}`
  return [
    entity.bookmark(bookmarkId, { title: `Batch ${index}` }),
    entity.mark(`m${index}-1`, bookmarkId, { text: `First of batch ${index}` }),
    entity.mark(`m${index}-2`, bookmarkId, { text: `Second of batch ${index}` }),
    entity.page(`p${index}`, `<p>Page of batch ${index}</p>`),
  ]
}
const libraryIds = (index: number) => [`b${index}`, `m${index}-1`, `m${index}-2`]

async function call(
  relay: RelayProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${relay.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function pullEverything(relay: RelayProcess, token: string): Promise<PullPage['entities']> {
  const response = await call(relay, 'GET', '/sync?since=0&limit=2000', token)
  expect(response.status).toBe(200)
  const page = (await response.json()) as PullPage
  expect(page.hasMore).toBe(false)
  return page.entities
}

describe('durability under kill -9', () => {
  it(`keeps every acknowledged entity through ${BATCHES} SIGKILLs (seed ${SEED})`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'inkmark-kill-'))
    dirs.push(dataDir)
    const port = await freePort()
    const start = async () => {
      current = await startRelayProcess({ port, dataDir, jwtSecret: JWT_SECRET })
      return current
    }
    let relay = await start()
    const registered = await call(relay, 'POST', '/users/register', undefined, {
      email: 'ada@example.com',
      password: 'correct horse battery',
    })
    expect(registered.status).toBe(200)
    const { token } = (await registered.json()) as { token: string }

    const random = createSeededRandom(SEED)
    const acknowledged: number[] = []
    const inFlight: number[] = []
    let killedInFlight = 0

    for (let index = 0; index < BATCHES; index += 1) {
      const response = await call(relay, 'POST', '/sync', token, { entities: batch(index) })
      expect(response.status, relay.stderr()).toBe(200)
      expect(await response.json()).toEqual({
        stored: batch(index).map((pushed) => (pushed as { _id: string })._id),
        rejected: [],
      })
      acknowledged.push(index)

      // Kill at a random moment after the acknowledgement; on some rounds (and surely on the
      // first), with the next batch's push already sent and not answered yet.
      const withPushInFlight = index === 0 || random.chance(0.4)
      let flight: Promise<unknown> = Promise.resolve()
      if (withPushInFlight) {
        const flying = BATCHES + index
        inFlight.push(flying)
        flight = call(relay, 'POST', '/sync', token, { entities: batch(flying) }).then(
          (answer) => {
            // Answered before the kill: it is acknowledged after all.
            if (answer.ok) {
              acknowledged.push(flying)
              inFlight.splice(inFlight.indexOf(flying), 1)
            }
          },
          () => {
            killedInFlight += 1
          },
        )
      }
      // The first time, at once: the push is surely unanswered when the relay dies.
      const delay = index === 0 ? 0 : random.int(0, 15)
      await new Promise((resolveDelay) => setTimeout(resolveDelay, delay))
      await relay.kill()
      await flight
      relay = await start()

      const pulled = await pullEverything(relay, token)
      const live = new Set(pulledIds(pulled.filter((pulledEntity) => !pulledEntity.deleted)))
      for (const acked of acknowledged) {
        for (const id of [...libraryIds(acked), `p${acked}`]) {
          expect(live.has(id), `acknowledged ${id} lost after kill ${index}`).toBe(true)
        }
      }
      for (const unanswered of inFlight) {
        const present = libraryIds(unanswered).filter((id) => live.has(id))
        expect([0, 3], `batch ${unanswered} half stored: ${present.join(', ')}`).toContain(
          present.length,
        )
      }
    }

    // The docs load: the library and the body docs answer their read endpoints.
    const bookmarks = await call(relay, 'GET', '/bookmarks', token)
    const bookmarkIds = ((await bookmarks.json()) as { _id: string }[]).map((row) => row._id)
    for (const acked of acknowledged) {
      expect(bookmarkIds).toContain(`b${acked}`)
      const html = await call(relay, 'GET', `/page-contents/html?_id=p${acked}`, token)
      expect(html.status).toBe(200)
      expect(await html.text()).toBe(`<p>Page of batch ${acked}</p>`)
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(BATCHES)
    // The relay was killed with a push unanswered at least once.
    expect(killedInFlight).toBeGreaterThanOrEqual(1)
    if (process.env.KILL_VERBOSE) {
      console.log({ acknowledged: acknowledged.length, killedInFlight, unanswered: inFlight })
    }
    await relay.kill()
    // 21 relay starts, from the bundle (relay-process.ts): a bound for a loaded 2-core machine.
  }, 300_000)
})
