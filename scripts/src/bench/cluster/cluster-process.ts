// The relay cluster under load: `npm run start:cluster`'s own program (relay/src/cluster/
// local-cluster-cli.ts: PostgreSQL, N relay instances, HAProxy in front) run as a child process on
// free ports, driven through its stdin/stdout protocol: a `ready` JSON line first, then one
// command per line (`kill N`, `start N`, `close`...), each answered by a JSON line. Scripts may
// not import the relay, so it is run as a program. It is closed in the benchmark's `finally`;
// should this process exit or be stopped by a signal first, it is sent SIGTERM, on which it stops
// its relays, HAProxy and PostgreSQL itself (SIGKILL would leave them behind).
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { REPO_ROOT } from '../benchmarks-file'

const CLI = 'relay/src/cluster/local-cluster-cli.ts'
/** PostgreSQL and every instance start one after the other, on a machine that may be busy. */
const START_LIMIT_MS = 240_000
/** A command (`start N` waits for the instance's readiness) or `close`. */
const COMMAND_LIMIT_MS = 120_000

interface ClusterEvent {
  event: string
  url?: string
  instanceUrls?: string[]
  databaseUrl?: string
  pids?: (number | null)[]
  command?: string
  message?: string
}

export interface ClusterProcess {
  /** HAProxy's address: what clients use. */
  url: string
  /** Each instance's own address. */
  instanceUrls: string[]
  databaseUrl: string
  /** The launcher's own process id (HAProxy is its child). */
  pid: number
  /** The relay instances' process ids as of the last answer (null while one is down). */
  relayPids(): (number | null)[]
  /** Sends one command (`kill 1`, `start 1`...) and resolves once it is done. */
  command(line: string): Promise<void>
  /** `close`, then SIGTERM and SIGKILL if it does not exit in time. Safe to call twice. */
  close(): Promise<void>
  /** The end of what the cluster logged (relays at warn level, HAProxy), for error messages. */
  stderr(): string
}

export interface ClusterOptions {
  instances: number
  /** More environment for the launcher, which passes its environment on to every relay. */
  env: Record<string, string>
  postgresSettings: string[]
}

/** Starts the cluster; resolves once HAProxy and every instance are ready. */
export async function startCluster(options: ClusterOptions): Promise<ClusterProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env }
  // The local cluster writes mail to the dev outbox, which a production relay refuses.
  delete env.NODE_ENV
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      '--instances',
      String(options.instances),
      '--port',
      '0',
      ...options.postgresSettings.flatMap((setting) => ['--postgres-setting', setting]),
    ],
    { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const onExit = () => {
    child.kill('SIGTERM')
  }
  // On SIGINT or SIGTERM (no exit event then): the launcher first, then this process as the signal
  // would have.
  const onSignal = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM')
    unhook()
    process.kill(process.pid, signal)
  }
  const unhook = () => {
    process.off('exit', onExit)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  process.on('exit', onExit)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000)
  })
  let exited = false
  const exit = new Promise<void>((resolveExit) =>
    child.once('exit', () => {
      exited = true
      unhook()
      resolveExit()
    }),
  )
  const waiting: ((event: ClusterEvent) => void)[] = []
  const early: ClusterEvent[] = []
  createInterface({ input: child.stdout }).on('line', (line) => {
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
      void exit.then(() => {
        const index = waiting.indexOf(settle)
        if (index >= 0) {
          waiting.splice(index, 1)
          clearTimeout(timer)
          reject(new Error(`The relay cluster exited:\n${stderr}`))
        }
      })
    })

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      if (exited) {
        return
      }
      child.stdin.write('close\n')
      const term = setTimeout(() => child.kill('SIGTERM'), COMMAND_LIMIT_MS)
      const kill = setTimeout(() => child.kill('SIGKILL'), COMMAND_LIMIT_MS + 30_000)
      await exit
      clearTimeout(term)
      clearTimeout(kill)
    })()
    return closing
  }

  let ready: ClusterEvent
  try {
    ready = await nextEvent(START_LIMIT_MS)
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
  if (ready.event !== 'ready' || !ready.url || !ready.instanceUrls || !ready.databaseUrl) {
    child.kill('SIGTERM')
    throw new Error(`The relay cluster did not start: ${JSON.stringify(ready)}\n${stderr}`)
  }
  let pids = ready.pids ?? []
  let queue = Promise.resolve()
  return {
    url: ready.url,
    instanceUrls: ready.instanceUrls,
    databaseUrl: ready.databaseUrl,
    pid: child.pid!,
    relayPids: () => pids,
    command(line) {
      const run = queue.then(async () => {
        child.stdin.write(`${line}\n`)
        const answer = await nextEvent(COMMAND_LIMIT_MS)
        if (answer.event !== 'done') {
          throw new Error(`${line}: ${answer.message ?? JSON.stringify(answer)}`)
        }
        pids = answer.pids ?? pids
      })
      queue = run.catch(() => undefined)
      return run
    },
    close,
    stderr: () => stderr,
  }
}
