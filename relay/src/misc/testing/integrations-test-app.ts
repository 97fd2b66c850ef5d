// Test helper: the real misc app (buildMiscApp) with the Notion and Capacities routes, pointed at
// the stand-ins, and a relay sharing its accounts (sign-ups happen there, as in production), on a
// SQLite file of their own (so a test can set an account's plan the way the e2e helpers do), on a
// clock the test moves, with the misc app's log captured so a test can check no token reaches it.
// Closed, with the stand-ins, when the test ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import type { RelayStorage } from '../../storage/relay-storage'
import { openSqliteStorage } from '../../storage/sqlite-storage'
import { buildRelay, registerUser, testConfig } from '../../testing/build'
import type { TestUser } from '../../testing/relay-harness'
import { buildMiscApp } from '../app'
import { capacitiesRoutes } from '../capacities/routes'
import { defaultMiscConfig, type MiscConfig } from '../misc-config'
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
  // The test's shorter timeouts ride on the settings (integrations-config.ts reads them).
  const misc: MiscConfig = defaultMiscConfig({
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
  })
  // Accounts get no trial here: a new account is Free.
  const config = testConfig({ trialDays: 0, misc })
  const storage = openSqliteStorage(file)
  const relay = await buildRelay({ storage, config, now: () => now.value })
  // The store closes once, with the relay.
  const shared = Object.create(storage, {
    close: { value: () => Promise.resolve() },
  }) as RelayStorage
  const app = await buildMiscApp({
    config,
    storage: shared,
    version: 'test',
    now: () => now.value,
    logger: { level: 'trace', stream },
    routes: [notionRoutes, capacitiesRoutes],
  })
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
    user: async (email) => {
      const token = await registerUser(relay, email, 'correct horse battery')
      return { email, token, headers: { authorization: `Bearer ${token}` } }
    },
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
