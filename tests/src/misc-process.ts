// Runs the real misc server as a child process on loopback, on the data directory of a test's
// relay (relay-process.ts): the same SQLite accounts and JWT secret, as in production, so the
// relay's login tokens work there. `env` adds settings (a stand-in API's address, the fetcher's
// loopback allowance for a test's own site).
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, TEST_RELAY_SECRET, type RelayProcess } from './relay-process'
import { serverBundle } from './server-bundle'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export interface MiscProcess {
  url: string
  /** SIGTERM and wait. */
  stop(): Promise<void>
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The misc server exited with code ${child.exitCode} before it answered`)
    }
    try {
      const response = await fetch(`${url}/health`)
      // The misc server's own answer: a relay of another file that took the port would answer too.
      if (response.ok && ((await response.json()) as { service?: string }).service === 'misc') {
        return
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
  }
  throw new Error(`The misc server did not answer ${url}/health within ${timeoutMs} ms`)
}

/** The misc server's address before it starts (a free loopback port), for a web app build. */
export async function reserveMiscUrl(): Promise<{ url: string; port: number }> {
  const port = await freePort()
  return { url: `http://127.0.0.1:${port}`, port }
}

/**
 * Starts the misc server on `relay`'s data (start the relay first: it creates the database).
 * `port` from reserveMiscUrl when the address had to be known earlier.
 */
export async function startMisc(
  relay: Pick<RelayProcess, 'dataDir'>,
  env: Record<string, string> = {},
  port?: number,
): Promise<MiscProcess> {
  const misc = port ?? (await freePort())
  const url = `http://127.0.0.1:${misc}`
  // Its sources bundled, as the relay's (server-bundle.ts).
  const child = spawn(process.execPath, [await serverBundle('relay/src/misc-server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      MISC_PORT: String(misc),
      INKMARK_DATA_DIR: relay.dataDir,
      INKMARK_JWT_SECRET: TEST_RELAY_SECRET,
      INKMARK_TRIAL_DAYS: '365',
      INKMARK_BILLING_PROVIDER: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Generous: it loads jsdom, Readability and Playwright, and the e2e machines are often busy.
  await waitForHealth(url, child, 120_000)
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}
