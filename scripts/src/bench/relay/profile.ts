// Reading the relay's CPU profile (`node --cpu-prof`): the part of it one phase of the load covers,
// its functions named with their file (a server has many anonymous and same-named functions), and
// self time added up per package or source file, to say what dominates a request.
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO_ROOT } from '../benchmarks-file'
import { summarizeProfile, type CpuProfile, type ProfileSummary } from '../cpu-profile'

/** Where a function is: `package/file` under node_modules, the path in the repository, or as is. */
function shortLocation(url: string): string {
  if (url === '') {
    return ''
  }
  const path = url.startsWith('file://') ? fileURLToPath(url) : url
  const modules = path.lastIndexOf('/node_modules/')
  if (modules !== -1) {
    return path.slice(modules + '/node_modules/'.length)
  }
  return path.startsWith(REPO_ROOT) ? relative(REPO_ROOT, path) : path
}

/**
 * What a function belongs to: its npm package, its file in the repository, Node's internals, or
 * the VM's own entries (garbage collector, idle, program; native code called from JS has no file).
 */
export function moduleOf(url: string, functionName: string): string {
  const location = shortLocation(url)
  if (location === '') {
    return functionName.startsWith('(') ? functionName : 'no script (native, generated)'
  }
  if (url.startsWith('node:')) {
    return 'Node internals (node:*)'
  }
  if (url.includes('/node_modules/')) {
    const parts = location.split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  return location
}

/** The samples of `profile` taken between two moments of its clock (microseconds). */
export function profileWindow(
  profile: CpuProfile,
  fromMicros: number,
  toMicros: number,
): CpuProfile {
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let time = profile.startTime
  let first = samples.length
  let last = samples.length
  for (let index = 0; index < samples.length; index += 1) {
    time += deltas[index] ?? 0
    if (first === samples.length && time >= fromMicros) {
      first = index
    }
    if (time >= toMicros) {
      last = index
      break
    }
  }
  return {
    ...profile,
    samples: samples.slice(first, last),
    timeDeltas: deltas.slice(first, last),
    startTime: Math.max(profile.startTime, fromMicros),
    endTime: Math.min(profile.endTime, toMicros),
  }
}

/** Whether the profile's clock covers the moment (profiles use the monotonic clock, as hrtime). */
export function profileCovers(profile: CpuProfile, micros: number): boolean {
  return micros >= profile.startTime && micros <= profile.endTime
}

/** The profile with every function named `name (file:line)`, so same names stay apart. */
function withLocations(profile: CpuProfile): CpuProfile {
  return {
    ...profile,
    nodes: profile.nodes.map((node) => {
      const location = shortLocation(node.callFrame.url)
      const name = node.callFrame.functionName || '(anonymous)'
      // tsx compiles the TypeScript sources, so their line numbers are the compiled code's.
      const where =
        location === '' || location.endsWith('.ts')
          ? location
          : `${location}:${node.callFrame.lineNumber + 1}`
      return {
        ...node,
        callFrame: { ...node.callFrame, functionName: where === '' ? name : `${name} (${where})` },
      }
    }),
  }
}

export interface ModuleTime {
  module: string
  selfMs: number
}

export interface PhaseProfile {
  /** Wall time the window covers. */
  totalMs: number
  /** Functions with their file, most self time first. */
  functions: ProfileSummary['functions']
  /** Self time per package or file, most first. */
  modules: ModuleTime[]
}

/** Self time per function and per module of a profile (or a window of one). */
export function summarizePhase(profile: CpuProfile): PhaseProfile {
  const summary = summarizeProfile(withLocations(profile))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const modules = new Map<string, number>()
  for (let index = 0; index < samples.length; index += 1) {
    // As summarizeProfile: a sample lasts until the next one.
    const micros = deltas[index + 1] ?? deltas[index] ?? 0
    const node = byId.get(samples[index]!)
    if (node) {
      const module = moduleOf(node.callFrame.url, node.callFrame.functionName)
      modules.set(module, (modules.get(module) ?? 0) + micros)
    }
  }
  return {
    totalMs: summary.totalMs,
    functions: summary.functions,
    modules: [...modules.entries()]
      .map(([module, micros]) => ({ module, selfMs: micros / 1000 }))
      .sort((a, b) => b.selfMs - a.selfMs),
  }
}
