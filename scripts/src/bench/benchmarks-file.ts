// BENCHMARKS.md at the repository root: one `## ` section per benchmark, each replaced whole by the
// benchmark's latest run and the rest of the file left as it was.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
/** Where the figures are recorded. */
export const BENCHMARKS_PATH = join(REPO_ROOT, 'BENCHMARKS.md')

const PREAMBLE = `# Benchmarks

Figures measured by \`npm run bench\` (scripts/src/bench/; see its README.md for how to run and read
them). Each section is rewritten by its benchmark's latest run; performance is never asserted in
tests (ARCHITECTURE.md).
`

/** `text` with the section under `heading` replaced by `body` (appended when missing). */
export function replaceSection(text: string, heading: string, body: string): string {
  const section = `${heading}\n\n${body.trim()}\n`
  const start = text.indexOf(`${heading}\n`)
  if (start === -1) {
    return `${text.trimEnd()}\n\n${section}`
  }
  const next = text.indexOf('\n## ', start + heading.length)
  const rest = next === -1 ? '' : text.slice(next + 1)
  return `${text.slice(0, start)}${section}${rest === '' ? '' : `\n${rest}`}`
}

/**
 * Writes `body` as the section `heading` of BENCHMARKS.md, creating the file when missing, and
 * formats the file with the repository's Prettier settings so `npm run format:check` stays green.
 */
export async function writeBenchmarkSection(heading: string, body: string): Promise<void> {
  const current = await readFile(BENCHMARKS_PATH, 'utf8').catch(() => PREAMBLE)
  const options = (await resolveConfig(BENCHMARKS_PATH)) ?? {}
  const text = await format(replaceSection(current, heading, body), {
    ...options,
    filepath: BENCHMARKS_PATH,
  })
  await writeFile(BENCHMARKS_PATH, text)
}
