// Where the fixture pages and annotations live, for the anchoring tests and the anchoring benchmark
// alike (one place, so the two never disagree): the INKMARK_FIXTURES environment variable when set,
// else the repository's sibling folder ../shared/fixtures (see SOURCES.md there). Node only: it
// reads the environment and the disk, which shared's compiler settings do not declare, hence the
// typed dynamic import and the guarded `process`.
const NODE_FS = 'node:fs'
const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  existsSync: (path: string) => boolean
}

/** The environment variable that points the tests and the benchmark at another fixtures folder. */
export const FIXTURES_ENV = 'INKMARK_FIXTURES'

/** The fixtures folder beside the repository: four levels above this folder. */
const SIBLING_FIXTURES = `${(import.meta as ImportMeta & { dirname: string }).dirname}/../../../../shared/fixtures`

/** The fixtures folder; throws, naming the path it looked at, when the folder is missing. */
export function fixturesDir(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env
  const fromEnv = env?.[FIXTURES_ENV]
  const dir = fromEnv !== undefined && fromEnv !== '' ? fromEnv : SIBLING_FIXTURES
  if (!existsSync(dir)) {
    throw new Error(
      `Inkmark fixtures not found at ${dir}: ${
        fromEnv
          ? `set by ${FIXTURES_ENV}`
          : `the default beside the repository; set ${FIXTURES_ENV}`
      } to the folder that holds pages/ and hypothesis/.`,
    )
  }
  return dir
}
