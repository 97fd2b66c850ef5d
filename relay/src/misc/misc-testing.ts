// Test helper: a misc server and a relay on one in-memory SQLite store (the same accounts, as in
// production), both closed after the test, with a way to open an account and get its token.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { onTestFinished } from 'vitest'
import { buildRelay, registerUser, testConfig } from '../testing/build'
import type { RelayStorage } from '../storage/relay-storage'
import { openSqliteStorage } from '../storage/sqlite-storage'
import { buildMiscApp } from './app'
import { defaultMiscConfig, type MiscConfig } from './misc-config'

export interface MiscTestKit {
  misc: FastifyInstance
  relay: FastifyInstance
  /** Opens an account on the relay; resolves its login token. */
  signUp(email?: string): Promise<string>
}

export interface MiscTestOptions {
  misc?: Partial<MiscConfig>
  routes?: readonly FastifyPluginAsync[]
}

/** A relay and a misc server sharing one store; the store closes once, with the relay. */
export async function buildMiscForTest(options: MiscTestOptions = {}): Promise<MiscTestKit> {
  const storage = openSqliteStorage(':memory:')
  const relay = await buildRelay({ storage })
  const shared: RelayStorage = Object.create(storage, {
    close: { value: () => Promise.resolve() },
  }) as RelayStorage
  const misc = await buildMiscApp({
    config: testConfig({ misc: defaultMiscConfig(options.misc) }),
    storage: shared,
    version: 'test',
    ...(options.routes ? { routes: options.routes } : {}),
  })
  await misc.ready()
  onTestFinished(() => misc.close())
  let accounts = 0
  return {
    misc,
    relay,
    signUp: (email) => {
      accounts += 1
      return registerUser(relay, email ?? `misc-${accounts}@example.com`)
    },
  }
}
