// Reads a V8 CPU profile (DevTools protocol `Profiler.stop`) into time per function: self time (the
// function itself on top of the stack) and total time (the function anywhere on the stack, counted
// once per sample even when it recurses). Benchmarks use it to say what dominates a slow step.

/** The part of a DevTools `Profiler.Profile` this module reads. */
export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    children?: number[]
  }[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

export interface FunctionTime {
  name: string
  selfMs: number
  totalMs: number
}

export interface ProfileSummary {
  /** Wall time the profile covers. */
  totalMs: number
  /** Every function, most self time first. */
  functions: FunctionTime[]
}

/** A function's name without the `$1` suffix a bundler adds to tell same-named functions apart. */
function nameOf(node: CpuProfile['nodes'][number]): string {
  const name = node.callFrame.functionName.replace(/\$\d+$/, '')
  return name === '' ? `(anonymous ${node.callFrame.lineNumber + 1})` : name
}

/** Self and total time per function name. */
export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parentOf.set(child, node.id)
    }
  }
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  for (let index = 0; index < samples.length; index += 1) {
    // A sample lasts until the next one; the last one gets the previous interval.
    const micros = deltas[index + 1] ?? deltas[index] ?? 0
    const top = byId.get(samples[index]!)
    if (!top) {
      continue
    }
    const topName = nameOf(top)
    self.set(topName, (self.get(topName) ?? 0) + micros)
    const seen = new Set<string>()
    for (let id: number | undefined = top.id; id !== undefined; id = parentOf.get(id)) {
      const name = nameOf(byId.get(id)!)
      if (!seen.has(name)) {
        seen.add(name)
        total.set(name, (total.get(name) ?? 0) + micros)
      }
    }
  }
  const functions = [...total.entries()]
    .map(([name, micros]) => ({
      name,
      selfMs: (self.get(name) ?? 0) / 1000,
      totalMs: micros / 1000,
    }))
    .sort((a, b) => b.selfMs - a.selfMs)
  return { totalMs: (profile.endTime - profile.startTime) / 1000, functions }
}
