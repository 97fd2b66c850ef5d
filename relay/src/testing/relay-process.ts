// The relay as a real child process, for tests that kill it: started on a port picked free, on a
// given data directory, and ready once GET /health answers. It runs the esbuild bundle of its
// sources that the other test relays run (tests/src/server-bundle.ts, ADR 084) as `node <bundle>`:
// a single process the SIGKILL hits (the tsx CLI's wrapper would take it while the relay lived
// on), without compiling 270 files through tsx at every one of a test's 20 starts.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const READY_LIMIT_MS = 30_000

/** The relay's bundle, made (once per set of sources) by the test harness's server-bundle.ts. */
async function relayBundle(): Promise<string> {
  // Imported by path: the harness is outside this workspace's sources and type project.
  const harness = pathToFileURL(resolve(REPO_ROOT, 'tests/src/server-bundle.ts')).href
  const bundles = (await import(/* @vite-ignore */ harness)) as {
    serverBundle: (entry: 'relay/src/server.ts') => Promise<string>
  }
  return bundles.serverBundle('relay/src/server.ts')
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object'
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

export interface RelayProcess {
  baseUrl: string
  child: ChildProcess
  /** Resolves when the process has exited. */
  exited: Promise<void>
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string
  /** Sends SIGKILL and waits for the exit. */
  kill(): Promise<void>
}

export interface RelayProcessOptions {
  port: number
  dataDir: string
  jwtSecret: string
  env?: Record<string, string>
}

/** Starts the relay and resolves once it answers GET /health. */
export async function startRelayProcess(options: RelayProcessOptions): Promise<RelayProcess> {
  const child = spawn(process.execPath, [await relayBundle()], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      INKMARK_DATA_DIR: options.dataDir,
      INKMARK_JWT_SECRET: options.jwtSecret,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The tests follow confirmation and reset links in the outbox (loopback only).
      INKMARK_DEV_OUTBOX: '1',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000)
  })
  let exitedNow = false
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      exitedNow = true
      resolveExit()
    })
  })
  const relay: RelayProcess = {
    baseUrl: `http://127.0.0.1:${options.port}`,
    child,
    exited,
    stderr: () => stderr,
    kill: async () => {
      if (!exitedNow) {
        child.kill('SIGKILL')
      }
      await exited
    },
  }

  const deadline = Date.now() + READY_LIMIT_MS
  for (;;) {
    if (exitedNow) {
      throw new Error(`The relay exited before it was ready:\n${stderr}`)
    }
    try {
      const response = await fetch(`${relay.baseUrl}/health`)
      if (response.ok) {
        return relay
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await relay.kill()
      throw new Error(`The relay did not answer /health in time:\n${stderr}`)
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 25))
  }
}
