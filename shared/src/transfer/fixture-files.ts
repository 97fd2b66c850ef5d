// Test support, not part of the public API: the real export files of the fixtures folder (see its
// SOURCES.md), found where the INKMARK_FIXTURES environment variable points, else in the folder
// beside the repository (../shared/fixtures). Node only: it reads the disk and the environment,
// which shared's compiler settings do not declare, hence the typed dynamic import.
import { fixturesDir } from '../testing/fixtures-dir'

const NODE_FS = 'node:fs'
const { existsSync, readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  existsSync: (path: string) => boolean
  readFileSync: (path: string, encoding: 'utf8') => string
}

/** The fixtures folder (see shared/src/testing/fixtures-dir.ts). */
export function transferFixturesDir(): string {
  return fixturesDir('pocket')
}

/** The text of a fixture file, by its path under the fixtures folder. */
export function readTransferFixture(path: string): string {
  const file = `${transferFixturesDir()}/${path}`
  if (!existsSync(file)) {
    throw new Error(`Inkmark fixture missing: ${file}`)
  }
  return readFileSync(file, 'utf8')
}
