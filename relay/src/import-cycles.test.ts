// The relay's modules import each other without cycles (issue 12 found one in src/docs: the live
// docs, the deletion guard and the library service importing each other). A cycle makes the
// order in which modules initialise matter and usually means two modules should be three. Every
// relative import counts, `import type` too: a type-only cycle is the same tangle on paper.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url))
const IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gm

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return sourceFiles(path)
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The module graph of `files`: each file to the files it imports by a relative path. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets: string[] = []
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = resolve(dirname(file), match[1]!)
      const target = [`${base}.ts`, join(base, 'index.ts')].find((path) => known.has(path))
      if (target) {
        targets.push(target)
      }
    }
    graph.set(file, targets)
  }
  return graph
}

/** Every cycle found by a depth-first walk, each as the files on it. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') {
        cycles.push(stack.slice(stack.indexOf(target)))
      } else if (!state.has(target)) {
        visit(target)
      }
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) {
    if (!state.has(file)) {
      visit(file)
    }
  }
  return cycles
}

describe('relay module graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(importCycles(graph)).toEqual([['a', 'b', 'c']])
  })

  it('has no import cycle', () => {
    const cycles = importCycles(importGraph(sourceFiles(SOURCE_ROOT))).map((cycle) =>
      cycle.map((file) => relative(SOURCE_ROOT, file)).join(' -> '),
    )
    expect(cycles).toEqual([])
  })
})
