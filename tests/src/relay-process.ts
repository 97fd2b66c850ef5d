// Runs the real relay as a child process on loopback, on a data directory the test owns, so that
// sync tests can stop it, kill it with SIGKILL and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { serverBundle } from './server-bundle'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** A fixed secret so tokens stay valid across restarts. */
export const TEST_RELAY_SECRET = 'inkmark-sync-tests-secret-0123456789abcdef'

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/** The URL of a loopback port nothing listens on: calls to it are refused at once. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`
}

export interface RelayProcess {
  url: string
  dataDir: string
  start(): Promise<void>
  /** SIGTERM and wait (pending writes are flushed). */
  stop(): Promise<void>
  /** SIGKILL: no chance to flush anything. */
  kill(): Promise<void>
  /** Stops it and removes its data. */
  dispose(): Promise<void>
}

/**
 * How long a start waits for /health: over 30 s at load 18 to 22 with the end-to-end files two at
 * a time (ADR 070). A wait for an effect: it costs nothing when the relay is up sooner.
 */
const RELAY_START_WAIT_MS = 90_000

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The relay exited with code ${child.exitCode} before it answered`)
    }
    try {
      const response = await fetch(`${url}/health`)
      if (response.ok) {
        return
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
  }
  throw new Error(`The relay did not answer ${url}/health within ${timeoutMs} ms`)
}

/** The payment provider of a test relay (INKMARK_BILLING_PROVIDER). */
export type TestRelayBilling = 'none' | 'test' | 'paddle'

/**
 * The test relays' default provider: the test provider, so each account's stored plan counts (the
 * 365-day trial, a plan bought on the test checkout page). 'none' gives everyone the default plan
 * (Ultimate); 'paddle' needs the PADDLE_* settings in `env` (tests/src/paddle-stand-in.ts).
 */
export const DEFAULT_TEST_RELAY_BILLING: TestRelayBilling = 'test'

export interface RelayProcessOptions {
  billing?: TestRelayBilling
}

/** Prepares a relay process on a fresh data directory and port (not started yet). */
export async function createRelayProcess(
  env: Record<string, string> = {},
  options: RelayProcessOptions = {},
): Promise<RelayProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'inkmark-relay-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const exited = () =>
    new Promise<void>((resolveExit) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        resolveExit()
      } else {
        child.once('exit', () => resolveExit())
      }
    })
  const relay: RelayProcess = {
    url,
    dataDir,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) {
        throw new Error('The relay is running already')
      }
      // The relay's sources bundled (server-bundle.ts, ADR 084), run by node itself: no wrapper
      // process (as the tsx CLI would be) that a SIGKILL would hit instead of the relay.
      child = spawn(process.execPath, [await serverBundle('relay/src/server.ts')], {
        cwd: repoRoot,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          INKMARK_DATA_DIR: dataDir,
          INKMARK_JWT_SECRET: TEST_RELAY_SECRET,
          INKMARK_TRIAL_DAYS: '365',
          LOG_LEVEL: 'warn',
          // The tests follow confirmation and reset links in the outbox (loopback only).
          INKMARK_DEV_OUTBOX: '1',
          // No learning reminders among the links a test reads from the outbox (a signed-in web
          // app reports its learning); webapp-unsubscribe.e2e.test.ts turns them on.
          INKMARK_REMINDER_INTERVAL_MS: '0',
          INKMARK_BILLING_PROVIDER: options.billing ?? DEFAULT_TEST_RELAY_BILLING,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      await waitForHealth(url, child, RELAY_START_WAIT_MS)
    },
    async stop() {
      child?.kill('SIGTERM')
      await exited()
    },
    async kill() {
      child?.kill('SIGKILL')
      await exited()
    },
    async dispose() {
      await relay.kill()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  return relay
}

/** Creates and starts a relay process (`billing` picks the payment provider; default 'test'). */
export async function startRelay(
  options: RelayProcessOptions & { env?: Record<string, string> } = {},
): Promise<RelayProcess> {
  const relay = await createRelayProcess(options.env ?? {}, options)
  await relay.start()
  return relay
}

/**
 * A relay process for the enclosing describe block: started before its tests, and after them
 * `devices` (the sync devices the tests opened) closed and the relay stopped and removed. Returns
 * the running relay.
 */
export function relayForSuite(devices: { close(): Promise<void> }[]): () => RelayProcess {
  let relay: RelayProcess | undefined
  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
  })
  afterAll(async () => {
    for (const device of devices.splice(0)) {
      await device.close()
    }
    await relay?.dispose()
  })
  return () => {
    if (relay === undefined) {
      throw new Error('The relay starts in beforeAll: use it inside a test')
    }
    return relay
  }
}
