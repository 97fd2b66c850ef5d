// Test helper: the integration routes on an app with the relay's services and accounts, pointed at
// the Notion and Capacities stand-ins, on a SQLite file of its own (so a test can set an account's
// plan the way the e2e helpers do), with its log captured so a test can check no token reaches it.
// Closed, with the stand-ins, when the test ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { createRelay } from '../../app'
import type { RelayConfig } from '../../config'
import { openSqliteStorage } from '../../storage/sqlite-storage'
import { testConfig } from '../../testing/build'
import { createUser, type TestUser } from '../../testing/relay-harness'
import { capacitiesRoutes } from '../capacities/routes'
import { notionRoutes } from '../notion/routes'
import { startCapacitiesStandIn, type CapacitiesStandIn } from './capacities-stand-in'
import { startNotionStandIn, type NotionStandIn } from './notion-stand-in'

export interface IntegrationsTestApp {
  app: FastifyInstance
  notion: NotionStandIn
  capacities: CapacitiesStandIn
  /** Everything the app logged, as text. */
  logs: () => string
  /** A new account (Free: the test relay grants no trial). */
  user: (email: string) => Promise<TestUser>
  /** Gives the account a stored Premium plan with a subscription, valid for a year. */
  makePremium: (email: string) => void
  now: { value: number }
}

export async function integrationsTestApp(
  options: { notionTimeoutMs?: number; capacitiesTimeoutMs?: number } = {},
): Promise<IntegrationsTestApp> {
  const notion = await startNotionStandIn()
  const capacities = await startCapacitiesStandIn()
  const dir = mkdtempSync(join(tmpdir(), 'inkmark-integrations-'))
  const file = join(dir, 'relay.sqlite')
  const now = { value: Date.UTC(2026, 10, 26, 12) }
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  const config = {
    ...testConfig({ trialDays: 0 }),
    misc: {
      notion: {
        apiBaseUrl: notion.url,
        clientId: notion.clientId,
        clientSecret: notion.clientSecret,
        ...(options.notionTimeoutMs ? { timeoutMs: options.notionTimeoutMs } : {}),
      },
      capacities: {
        apiBaseUrl: capacities.url,
        ...(options.capacitiesTimeoutMs ? { timeoutMs: options.capacitiesTimeoutMs } : {}),
      },
    },
  } as RelayConfig
  const app = await createRelay({
    config,
    storage: openSqliteStorage(file),
    version: 'test',
    now: () => now.value,
    logger: { level: 'trace', stream },
  })
  await app.register(notionRoutes)
  await app.register(capacitiesRoutes)
  await app.ready()
  onTestFinished(async () => {
    await app.close()
    await notion.close()
    await capacities.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    app,
    notion,
    capacities,
    logs: () => lines.join(''),
    user: (email) => createUser(app, email),
    makePremium: (email) => {
      const db = new Database(file)
      try {
        db.pragma('busy_timeout = 5000')
        db.prepare('UPDATE users SET plan = ? WHERE email = ?').run(
          JSON.stringify({
            type: 'PREMIUM',
            expiresDateMillis: now.value + 365 * 24 * 60 * 60 * 1000,
            subscription_id: 'sub_test',
            userPlanDuration: '1Y',
          }),
          email,
        )
      } finally {
        db.close()
      }
    },
    now,
  }
}
