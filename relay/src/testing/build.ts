// Test helper in the style of fastify/demo: a ready relay on in-memory SQLite for `app.inject`,
// closed after the test, with a clock the test controls and the mail outbox at hand (the dev
// outbox is on in testConfig; a test of mail being off turns it off).
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { createRelay } from '../app'
import type { RelayConfig } from '../config'
import { defaultMiscConfig } from '../misc/misc-config'
import type { RelayStorage } from '../storage/relay-storage'
import { openSqliteStorage } from '../storage/sqlite-storage'

/** A fixed secret for tests (32+ bytes). */
export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-!!')

/** A relay configuration for tests. */
export function testConfig(overrides: Partial<RelayConfig> = {}): RelayConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    jwtSecret: TEST_JWT_SECRET,
    production: false,
    smtpUrl: undefined,
    devOutbox: true,
    noMail: false,
    webOrigins: ['http://127.0.0.1:5173'],
    appUrl: 'http://127.0.0.1:5173',
    configCacheTtlMillis: 3_600_000,
    aiChatEnabled: true,
    // New accounts get the trial, so they may sync (the relay refuses sync to plans without it).
    trialDays: 365,
    docCacheBytes: 64 * 1024 * 1024,
    docIdleMillis: 5 * 60 * 1000,
    deletionMemoryMillis: 90 * 24 * 60 * 60 * 1000,
    misc: defaultMiscConfig(),
    ...overrides,
  }
}

export interface BuildOptions {
  storage?: RelayStorage
  config?: Partial<RelayConfig>
  now?: () => number
}

/** Builds a relay for one test and closes it when the test ends. */
export async function buildRelay(options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createRelay({
    config: testConfig(options.config),
    storage: options.storage ?? openSqliteStorage(':memory:'),
    version: 'test',
    ...(options.now ? { now: options.now } : {}),
  })
  await app.ready()
  onTestFinished(() => app.close())
  return app
}

/** Registers a user and returns their token. */
export async function registerUser(
  app: FastifyInstance,
  email = 'ada@example.com',
  password = 'correct horse',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { email, password },
  })
  if (response.statusCode !== 200) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`)
  }
  return response.json<{ token: string }>().token
}
