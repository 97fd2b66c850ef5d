// The servers under load, each a child process of its own (`node --import tsx <script>`, as the relay
// runs in production through tsx), so the load generator and the server do not share an event loop.
// Every child is killed when the benchmark ends, even when it fails, and when this process exits.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { REPO_ROOT } from '../benchmarks-file'

const READY_LIMIT_MS = 30_000
const STOP_LIMIT_MS = 20_000

/** Children still running, killed with SIGKILL if this process exits or is stopped first. */
const running = new Set<ChildProcess>()

function killRunning(): void {
  for (const child of running) {
    child.kill('SIGKILL')
  }
}

/** On SIGINT or SIGTERM: the children first, then this process, as the signal would have. */
function onSignal(signal: NodeJS.Signals): void {
  killRunning()
  untrack()
  process.kill(process.pid, signal)
}

function track(child: ChildProcess): void {
  if (running.size === 0) {
    process.on('exit', killRunning)
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  }
  running.add(child)
}

function untrack(child?: ChildProcess): void {
  if (child) {
    running.delete(child)
  }
  if (!child || running.size === 0) {
    process.off('exit', killRunning)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object'
          ? resolvePort(address.port)
          : reject(new Error('no free port')),
      )
    })
  })
}

/** Resident memory of a process, from /proc/<pid>/status (Linux). */
export interface Rss {
  /** VmRSS: resident now. */
  rssBytes: number
  /** VmHWM: the most it has been resident so far. */
  peakBytes: number
}

export async function readRss(pid: number): Promise<Rss> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    return match ? Number(match[1]) * 1024 : Number.NaN
  }
  return { rssBytes: kib('VmRSS'), peakBytes: kib('VmHWM') }
}

/** CPU time a process has used so far (Linux). */
export interface CpuTime {
  /** Its main thread, where the event loop runs (/proc/<pid>/task/<pid>/schedstat). */
  mainThreadMs: number
  /** Time its main thread was ready to run but waited for a core (the same file). */
  mainThreadRunQueueMs: number
  /** All its threads: thread pool, GC helpers, SQLite on the main thread (/proc/<pid>/stat). */
  totalMs: number
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100

export async function readCpu(pid: number): Promise<CpuTime> {
  const schedstat = await readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  const [running, waiting] = schedstat.split(' ')
  return {
    mainThreadMs: Number(running) / 1e6,
    mainThreadRunQueueMs: Number(waiting) / 1e6,
    totalMs: (ticks * 1000) / USER_HZ,
  }
}

export interface ServerProcess {
  pid: number
  origin: URL
  rss(): Promise<Rss>
  cpu(): Promise<CpuTime>
  /** The end of what it wrote to stderr, for error messages. */
  stderr(): string
  /** SIGTERM, then SIGKILL if it has not exited in time; resolves once it has exited. */
  stop(): Promise<void>
}

export interface ServerOptions {
  /** The script to run, relative to the repository root. */
  script: string
  env: Record<string, string>
  /** Node flags before `--import tsx` (e.g. `--cpu-prof`). */
  nodeFlags?: string[]
  port: number
  /** GET this path until it answers 2xx. */
  readyPath: string
}

/** Starts a server script and resolves once it answers `readyPath`. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', join(REPO_ROOT, options.script)],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env, PORT: String(options.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  track(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000)
  })
  let exited = false
  const exit = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      exited = true
      untrack(child)
      resolveExit()
    })
  })
  const stop = async () => {
    if (exited) {
      return
    }
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS)
    await exit
    clearTimeout(timer)
  }
  if (child.pid === undefined) {
    await stop()
    throw new Error(`${options.script} did not start`)
  }
  const server: ServerProcess = {
    pid: child.pid,
    origin: new URL(`http://127.0.0.1:${options.port}`),
    rss: () => readRss(child.pid!),
    cpu: () => readCpu(child.pid!),
    stderr: () => stderr,
    stop,
  }
  const deadline = Date.now() + READY_LIMIT_MS
  for (;;) {
    if (exited) {
      throw new Error(`${options.script} exited before it was ready:\n${stderr}`)
    }
    try {
      const response = await fetch(new URL(options.readyPath, server.origin))
      await response.arrayBuffer()
      if (response.ok) {
        return server
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${options.script} did not answer ${options.readyPath} in time:\n${stderr}`)
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50))
  }
}

/** Names of the x86-64 system calls a server's main thread is found in (others by number). */
const X64_SYSCALLS: Record<string, string> = {
  '0': 'read',
  '1': 'write',
  '17': 'pread64',
  '18': 'pwrite64',
  '20': 'writev',
  '74': 'fsync',
  '75': 'fdatasync',
  '202': 'futex',
  '232': 'epoll_wait',
  '281': 'epoll_pwait',
}

/** How often a thread was found running, or in each system call. */
export interface ThreadStates {
  samples: number
  /** 'running', or the name of the system call it was in. */
  counts: Record<string, number>
}

/**
 * Samples what the main thread of `pid` is doing every `everyMs` (/proc/<pid>/task/<pid>/syscall:
 * running, or blocked in which system call) until `stop` is called.
 */
export function sampleMainThread(pid: number, everyMs: number): { stop(): ThreadStates } {
  const states: ThreadStates = { samples: 0, counts: {} }
  const file = `/proc/${pid}/task/${pid}/syscall`
  let reading = false
  const timer = setInterval(() => {
    if (reading) {
      return
    }
    reading = true
    readFile(file, 'utf8')
      .then((text) => {
        const first = text.split(' ')[0]?.trim() ?? ''
        const state =
          first === 'running'
            ? 'running'
            : process.arch === 'x64'
              ? (X64_SYSCALLS[first] ?? `syscall ${first}`)
              : `syscall ${first}`
        states.samples += 1
        states.counts[state] = (states.counts[state] ?? 0) + 1
      })
      .catch(() => undefined)
      .finally(() => {
        reading = false
      })
  }, everyMs)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      return states
    },
  }
}
