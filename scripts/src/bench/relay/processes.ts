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

/** Children still running, killed with SIGKILL if this process exits first. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) {
    child.kill('SIGKILL')
  }
})

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

export interface ServerProcess {
  pid: number
  origin: URL
  rss(): Promise<Rss>
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
  running.add(child)
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000)
  })
  let exited = false
  const exit = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      exited = true
      running.delete(child)
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
