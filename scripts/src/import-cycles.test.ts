// Proves that the folders below hold no import cycle. A cycle means two modules cannot be read,
// tested or split apart alone (the store's backup-io and local-store were one), and it makes the
// order modules run in depend on who is imported first. eslint-plugin-import's no-cycle is not a
// dependency here, so this walks the relative imports itself (type-only imports too: a cycle of
// types is a cycle of design) with TypeScript's own import scanner.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Folders that must stay free of import cycles (relative imports within the workspace): the whole
 * shared package (its store's backup-io and local-store were a cycle) and the web app. */
const ACYCLIC_FOLDERS = ['shared/src', 'webapp/src']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) {
      return sourceFiles(path)
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    return undefined
  }
  const base = resolve(dirname(from), specifier)
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) {
        return candidate
      }
    } catch {
      // Not this spelling: try the next.
    }
  }
  return undefined
}

/** The import graph of the files under `folder`: file to the files it imports. */
export function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(folder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    graph.set(
      file,
      importedFiles
        .map(({ fileName }) => resolveImport(file, fileName))
        .filter((target): target is string => target !== undefined),
    )
  }
  return graph
}

/** Every import cycle of a graph, each as the list of files around it (found by depth-first search). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') {
        cycles.push([...path.slice(path.indexOf(target)), target])
      } else if (!state.has(target) && graph.has(target)) {
        visit(target)
      }
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) {
    if (!state.has(file)) {
      visit(file)
    }
  }
  return cycles
}

describe('import cycles', () => {
  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']])
  })

  it.each(ACYCLIC_FOLDERS)('%s has none', (folder) => {
    const cycles = findCycles(importGraph(join(repoRoot, folder))).map((cycle) =>
      cycle.map((file) => relative(repoRoot, file)).join(' -> '),
    )
    expect(cycles).toEqual([])
  })
})
