// Test support, not part of the public API: the real export files of the fixtures folder (see its
// SOURCES.md), found where the INKMARK_FIXTURES environment variable points, else in the folder
// beside the repository (../shared/fixtures). Node only: it reads the disk and the environment,
// which shared's compiler settings do not declare, hence the typed dynamic import.
const NODE_FS = 'node:fs'
const { existsSync, readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  existsSync: (path: string) => boolean
  readFileSync: (path: string, encoding: 'utf8') => string
}

/** The environment variable naming another fixtures folder. */
export const FIXTURES_ENV = 'INKMARK_FIXTURES'

// This file is shared/src/transfer/ in the repository; the fixtures sit beside the repository.
const SIBLING_FIXTURES = `${(import.meta as ImportMeta & { dirname: string }).dirname}/../../../../shared/fixtures`

/** The fixtures folder; throws, naming the path it looked at, when it is missing. */
export function transferFixturesDir(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env
  const fromEnv = env?.[FIXTURES_ENV]
  const dir = fromEnv !== undefined && fromEnv !== '' ? fromEnv : SIBLING_FIXTURES
  if (!existsSync(dir)) {
    throw new Error(
      `Inkmark fixtures not found at ${dir} (${
        fromEnv
          ? `set by ${FIXTURES_ENV}`
          : `the default beside the repository; set ${FIXTURES_ENV}`
      } to the folder holding pocket/, diigo/, kindle/ and netscape-bookmarks/).`,
    )
  }
  return dir
}

/** The text of a fixture file, by its path under the fixtures folder. */
export function readTransferFixture(path: string): string {
  const file = `${transferFixturesDir()}/${path}`
  if (!existsSync(file)) {
    throw new Error(`Inkmark fixture missing: ${file}`)
  }
  return readFileSync(file, 'utf8')
}
