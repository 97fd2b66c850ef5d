// What the cluster's processes cost, read from /proc (Linux): CPU time of the relay instances, of
// PostgreSQL (the postmaster and its backends, found by the port in the postmaster's command line;
// backends that exited are in the postmaster's children's time) and of HAProxy (the launcher's
// child), and the relays' resident memory. Read before and after a phase, so that CPU per request
// can be computed, and what more cores or machines would give can be worked out on paper.
import { readFile, readdir } from 'node:fs/promises'

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100

interface ProcStat {
  pid: number
  ppid: number
  comm: string
  /** utime + stime, in ms. */
  ownMs: number
  /** cutime + cstime (children that exited and were waited for), in ms. */
  childrenMs: number
}

async function readStat(pid: number): Promise<ProcStat | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = (index: number) => Number(fields[index])
    return {
      pid,
      ppid: ticks(1),
      comm,
      ownMs: ((ticks(11) + ticks(12)) * 1000) / USER_HZ,
      childrenMs: ((ticks(13) + ticks(14)) * 1000) / USER_HZ,
    }
  } catch {
    // The process exited meanwhile.
    return undefined
  }
}

async function allStats(): Promise<ProcStat[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)
  const stats = await Promise.all(pids.map(readStat))
  return stats.filter((stat): stat is ProcStat => stat !== undefined)
}

async function commandLine(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ')
}

/** A relay's CPU so far: all its threads, and its main thread (its event loop). */
async function relayCpu(pid: number): Promise<{ totalMs: number; mainThreadMs: number }> {
  const [stat, schedstat] = await Promise.all([
    readStat(pid),
    readFile(`/proc/${pid}/task/${pid}/schedstat`, 'utf8'),
  ])
  return { totalMs: stat?.ownMs ?? Number.NaN, mainThreadMs: Number(schedstat.split(' ')[0]) / 1e6 }
}

/** CPU time used so far, in ms, by each part of the cluster. */
export interface StackCpu {
  /** Every relay instance, all threads, summed. */
  relayMs: number
  /** The relays' main threads (their event loops), summed. */
  relayMainThreadMs: number
  postgresMs: number
  haproxyMs: number
}

export const ZERO_CPU: StackCpu = { relayMs: 0, relayMainThreadMs: 0, postgresMs: 0, haproxyMs: 0 }

export function cpuBetween(before: StackCpu, after: StackCpu): StackCpu {
  return {
    relayMs: after.relayMs - before.relayMs,
    relayMainThreadMs: after.relayMainThreadMs - before.relayMainThreadMs,
    postgresMs: after.postgresMs - before.postgresMs,
    haproxyMs: after.haproxyMs - before.haproxyMs,
  }
}

/** Where the cluster's processes are. */
export interface StackProcesses {
  relayPids: () => readonly (number | null)[]
  /** The launcher, whose child HAProxy is. */
  launcherPid: number
  /** PostgreSQL's port (from the database URL). */
  postgresPort: number
}

export async function readStackCpu(stack: StackProcesses): Promise<StackCpu> {
  const stats = await allStats()
  let postmaster: ProcStat | undefined
  for (const stat of stats) {
    if (
      stat.comm === 'postgres' &&
      (await commandLine(stat.pid)).includes(`port=${stack.postgresPort} `)
    ) {
      postmaster = stat
      break
    }
  }
  const postgresMs = postmaster
    ? postmaster.ownMs +
      postmaster.childrenMs +
      stats
        .filter((stat) => stat.ppid === postmaster.pid)
        .reduce((sum, stat) => sum + stat.ownMs, 0)
    : Number.NaN
  const haproxyMs = stats
    .filter((stat) => stat.ppid === stack.launcherPid && stat.comm === 'haproxy')
    .reduce((sum, stat) => sum + stat.ownMs, 0)
  let relayMs = 0
  let relayMainThreadMs = 0
  for (const pid of stack.relayPids()) {
    if (pid !== null) {
      const cpu = await relayCpu(pid)
      relayMs += cpu.totalMs
      relayMainThreadMs += cpu.mainThreadMs
    }
  }
  return { relayMs, relayMainThreadMs, postgresMs, haproxyMs }
}

/** Resident memory of every running relay instance, summed (bytes). */
export async function relayRss(pids: readonly (number | null)[]): Promise<number> {
  let total = 0
  for (const pid of pids) {
    if (pid !== null) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8')
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024
    }
  }
  return total
}
