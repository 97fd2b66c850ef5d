// The whole relay cluster on this machine (ADR 085): a throwaway PostgreSQL, N relay instances
// (each its own process, sharing the database: keys, bus, rate limits) and Debian's HAProxy in
// front of them on one address, with WebSocket upgrades and readiness checks (`/health/ready`
// every second; an instance that fails twice gets no new traffic, a refused connection is sent to
// another instance at once). Used by `npm run start:cluster`, by the cluster property test and by
// the cluster benchmark, which drive it through local-cluster-cli.ts. Instances can be killed and
// started again, and the database restarted, to prove what clients see then.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startPostgresCluster, type PostgresCluster } from '../testing/postgres-cluster'
import { freePort } from '../testing/relay-process'

const RELAY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const READY_LIMIT_MS = 90_000
export const HAPROXY = '/usr/sbin/haproxy'

export interface LocalClusterOptions {
  instances: number
  /** The proxy's port (0: any free one). */
  port: number
  /** How to run a relay: a bundle of relay/src/server.ts (`node <bundle>`), or tsx by default. */
  relayBundle?: string
  /** More environment for every instance. */
  env?: Record<string, string>
  /** More PostgreSQL settings (`name=value`). */
  postgresSettings?: string[]
  /** Where instances write their logs (else discarded). */
  logTo?: (instance: number, line: string) => void
}

export interface LocalCluster {
  /** The proxy's address: what clients use. */
  url: string
  /** Each instance's own address. */
  instanceUrls: string[]
  databaseUrl: string
  /** SIGKILL to instance `index` (waits for the exit). */
  kill(index: number): Promise<void>
  /** SIGTERM to instance `index`: it drains and closes (waits for the exit). */
  stop(index: number): Promise<void>
  /** Starts instance `index` again (resolves once it is ready). */
  start(index: number): Promise<void>
  /** Restarts PostgreSQL as a crash would, keeping its data. */
  restartDatabase(): Promise<void>
  /** Process ids of the instances (undefined while one is down). */
  pids(): (number | undefined)[]
  close(): Promise<void>
}

function haproxyConfig(port: number, instancePorts: number[]): string {
  return `global
  maxconn 8000
  log stderr format short local0 warning
defaults
  mode http
  log global
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout tunnel 1h
  timeout http-keep-alive 10s
  option redispatch
  option forwardfor
  retries 2
frontend relay
  bind 127.0.0.1:${port}
  default_backend relays
backend relays
  balance leastconn
  option httpchk GET /health/ready
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${instancePorts.map((each, index) => `  server relay${index + 1} 127.0.0.1:${each} check`).join('\n')}
`
}

async function waitReady(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited before it was ready`)
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok) {
        return
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} was not ready within ${READY_LIMIT_MS} ms`)
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolveExit()
    } else {
      child.once('exit', () => resolveExit())
    }
  })
}

/** Starts PostgreSQL, the instances and HAProxy; see the header. */
export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const postgres: PostgresCluster = await startPostgresCluster({
    synchronousCommit: true,
    settings: options.postgresSettings ?? [],
  })
  const dir = await mkdtemp(join(tmpdir(), 'inkmark-cluster-'))
  const children: (ChildProcess | undefined)[] = []
  let proxy: ChildProcess | undefined
  const close = async () => {
    proxy?.kill('SIGKILL')
    for (const child of children) {
      child?.kill('SIGKILL')
    }
    await Promise.all(children.map((child) => (child ? exitOf(child) : Promise.resolve())))
    await postgres.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    const ports: number[] = []
    for (let index = 0; index < options.instances; index += 1) {
      ports.push(await freePort())
    }
    const instanceUrls = ports.map((each) => `http://127.0.0.1:${each}`)
    const start = async (index: number) => {
      const [command, args] = options.relayBundle
        ? [process.execPath, [options.relayBundle]]
        : [process.execPath, ['--import', 'tsx', 'src/server.ts']]
      const child = spawn(command, args, {
        cwd: RELAY_ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(ports[index]),
          DATABASE_URL: postgres.connectionString,
          INKMARK_DATA_DIR: join(dir, `relay${index + 1}`),
          // No secret: the instances sign with the keys they share in the database.
          INKMARK_JWT_SECRET: '',
          // HAProxy on loopback adds X-Forwarded-For: per-address limits see the client's address.
          INKMARK_TRUST_PROXY: 'loopback',
          INKMARK_DEV_OUTBOX: '1',
          INKMARK_REMINDER_INTERVAL_MS: '0',
          // As long as the proxy takes to see readiness fail (two checks at 500 ms).
          INKMARK_DRAIN_MS: '1500',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      for (const stream of [child.stdout, child.stderr]) {
        stream?.setEncoding('utf8')
        stream?.on('data', (chunk: string) => {
          for (const line of chunk.split('\n').filter(Boolean)) {
            options.logTo?.(index, line)
          }
        })
      }
      children[index] = child
      await waitReady(`${instanceUrls[index]}/health/ready`, child, `Relay ${index + 1}`)
    }
    // One at a time: the first creates the schema and the first key, the others find them.
    for (let index = 0; index < options.instances; index += 1) {
      await start(index)
    }
    const port = options.port === 0 ? await freePort() : options.port
    const config = join(dir, 'haproxy.cfg')
    await writeFile(config, haproxyConfig(port, ports))
    proxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] })
    proxy.stderr?.setEncoding('utf8')
    proxy.stderr?.on('data', (chunk: string) => options.logTo?.(-1, chunk.trim()))
    const url = `http://127.0.0.1:${port}`
    await waitReady(`${url}/health/ready`, proxy, 'HAProxy')

    const stopChild = async (index: number, signal: NodeJS.Signals) => {
      const child = children[index]
      if (child) {
        child.kill(signal)
        await exitOf(child)
        children[index] = undefined
      }
    }
    return {
      url,
      instanceUrls,
      databaseUrl: postgres.connectionString,
      kill: (index) => stopChild(index, 'SIGKILL'),
      stop: (index) => stopChild(index, 'SIGTERM'),
      async start(index) {
        if (children[index]) {
          throw new Error(`Relay ${index + 1} is running already`)
        }
        await start(index)
      },
      restartDatabase: () => postgres.restart(),
      pids: () => children.map((child) => child?.pid),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
