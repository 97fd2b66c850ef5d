// Rewrites test-durations.ts from Vitest's record of the last run here
// (node_modules/.vite/vitest/<hash>/results.json): run it after a full `npm test` on a quiet machine.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const thisDir = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(thisDir, '../..')
const RECORD_DIR = join(repoRoot, 'node_modules/.vite/vitest')
/** Unit files shorter than this are left out: they are many, short, and their order hardly matters. */
const UNIT_MIN_SECONDS = 3
/** Projects listed whole: their groups run few files, each of which can be long. */
const WHOLE_PROJECTS = ['e2e', 'sync', 'sync-property']

type RunRecord = [key: string, result: { duration: number }]

/** The listed files and their seconds, longest first (browser projects run on a pool of their own). */
export function durationsFrom(records: readonly RunRecord[]): [string, number][] {
  return records
    .filter(([key]) => !key.includes(' ('))
    .map(([key, result]): [string, number] => [key, Math.round(result.duration / 100) / 10])
    .filter(([key, seconds]) => {
      const project = key.slice(0, key.indexOf(':'))
      return WHOLE_PROJECTS.includes(project) || seconds >= UNIT_MIN_SECONDS
    })
    .sort((a, b) => b[1] - a[1])
}

async function main(): Promise<void> {
  const [hash] = await readdir(RECORD_DIR)
  if (hash === undefined) {
    throw new Error(`No record of a Vitest run under ${RECORD_DIR}`)
  }
  const record = JSON.parse(await readFile(join(RECORD_DIR, hash, 'results.json'), 'utf8')) as {
    results: RunRecord[]
  }
  const target = join(thisDir, 'test-durations.ts')
  const current = await readFile(target, 'utf8')
  const header = current.slice(0, current.indexOf('export const'))
  const lines = durationsFrom(record.results).map(([key, seconds]) => `  '${key}': ${seconds},`)
  await writeFile(
    target,
    `${header}export const LAST_RUN_SECONDS: Readonly<Record<string, number>> = {\n${lines.join('\n')}\n}\n`,
  )
  process.stdout.write(`${lines.length} files written to ${target}\n`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main()
}
