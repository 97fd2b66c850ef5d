// The relay cluster (PostgreSQL, three relay instances, HAProxy in front; ADR 085) as the sync
// tests drive it: `npm run start:cluster`'s own program (relay/src/cluster/local-cluster-cli.ts),
// run as a child process on free ports, its instances from the test relays' bundle
// (server-bundle.ts). Commands go to its stdin and each answer is a JSON line on its stdout.
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { serverBundle } from './server-bundle'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const CLI = 'relay/src/cluster/local-cluster-cli.ts'
/** Three relays and PostgreSQL start beside the end-to-end files: as the relay's start wait. */
const START_LIMIT_MS = 180_000

interface ClusterEvent {
  event: string
  url?: string
  instanceUrls?: string[]
  databaseUrl?: string
  command?: string
  message?: string
}

export interface RelayCluster {
  /** HAProxy's address. */
  url: string
  /** Each instance's own address. */
  instanceUrls: string[]
  kill(index: number): Promise<void>
  stop(index: number): Promise<void>
  start(index: number): Promise<void>
  restartDatabase(): Promise<void>
  close(): Promise<void>
}

/** Starts the cluster; resolves once HAProxy and every instance are ready. */
export async function startRelayCluster(instances = 3): Promise<RelayCluster> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      '--instances',
      String(instances),
      '--port',
      '0',
      '--relay-bundle',
      await serverBundle('relay/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, INKMARK_TRIAL_DAYS: '365', INKMARK_BILLING_PROVIDER: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000)
  })
  const waiting: ((event: ClusterEvent) => void)[] = []
  const early: ClusterEvent[] = []
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let event: ClusterEvent
    try {
      event = JSON.parse(line) as ClusterEvent
    } catch {
      return
    }
    const next = waiting.shift()
    if (next) {
      next(event)
    } else {
      early.push(event)
    }
  })
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  const nextEvent = (limitMs: number) =>
    new Promise<ClusterEvent>((resolveEvent, reject) => {
      const ready = early.shift()
      if (ready) {
        resolveEvent(ready)
        return
      }
      const timer = setTimeout(
        () => reject(new Error(`The relay cluster did not answer in time:\n${stderr}`)),
        limitMs,
      )
      const settle = (event: ClusterEvent) => {
        clearTimeout(timer)
        resolveEvent(event)
      }
      waiting.push(settle)
      void exited.then(() => {
        const index = waiting.indexOf(settle)
        if (index >= 0) {
          waiting.splice(index, 1)
          clearTimeout(timer)
          reject(new Error(`The relay cluster exited:\n${stderr}`))
        }
      })
    })

  const ready = await nextEvent(START_LIMIT_MS)
  if (ready.event !== 'ready' || !ready.url || !ready.instanceUrls) {
    child.kill('SIGKILL')
    throw new Error(`The relay cluster did not start: ${JSON.stringify(ready)}\n${stderr}`)
  }
  let queue = Promise.resolve()
  const command = (line: string) => {
    const run = queue.then(async () => {
      child.stdin!.write(`${line}\n`)
      const answer = await nextEvent(START_LIMIT_MS)
      if (answer.event !== 'done') {
        throw new Error(`${line}: ${answer.message ?? JSON.stringify(answer)}`)
      }
    })
    queue = run.catch(() => undefined)
    return run
  }
  return {
    url: ready.url,
    instanceUrls: ready.instanceUrls,
    kill: (index) => command(`kill ${index}`),
    stop: (index) => command(`stop ${index}`),
    start: (index) => command(`start ${index}`),
    restartDatabase: () => command('restart-database'),
    async close() {
      child.stdin!.write('close\n')
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await exited
      clearTimeout(timer)
    },
  }
}
