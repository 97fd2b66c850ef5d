// Where the real files of other products live (../shared/fixtures beside the repository, see
// SOURCES.md there): one rule for every test and benchmark that reads them. The folder named by
// INKMARK_FIXTURES when set; else the sibling of the repository; else the workplace's own copy
// (/work/shared/fixtures), so a clone elsewhere (a CI checkout, /tmp) still finds them. Node
// only: it reads the environment and the disk, which shared's compiler settings do not declare,
// hence the typed dynamic import and the guarded `process`.
const NODE_FS = 'node:fs'
const { existsSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  existsSync: (path: string) => boolean
}

/** The environment variable that points tests and benchmarks at another fixtures folder. */
export const FIXTURES_ENV = 'INKMARK_FIXTURES'

/** This file is shared/src/testing/ in the repository; the sibling folder is four levels up. */
const SIBLING_FIXTURES = `${(import.meta as ImportMeta & { dirname: string }).dirname}/../../../../shared/fixtures`
/** Where this workplace keeps them. */
const WORKPLACE_FIXTURES = '/work/shared/fixtures'

/**
 * The fixtures folder holding `subfolder` (e.g. 'pages'); throws, naming every path it looked
 * at, when none has it.
 */
export function fixturesDir(subfolder = ''): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env
  const fromEnv = env?.[FIXTURES_ENV]
  const candidates =
    fromEnv !== undefined && fromEnv !== '' ? [fromEnv] : [SIBLING_FIXTURES, WORKPLACE_FIXTURES]
  const found = candidates.find((dir) => existsSync(`${dir}/${subfolder}`))
  if (found === undefined) {
    throw new Error(
      `Inkmark fixtures${subfolder ? ` (${subfolder}/)` : ''} not found in ${candidates.join(
        ' or ',
      )}: set ${FIXTURES_ENV} to the folder that holds them (see SOURCES.md there).`,
    )
  }
  return found
}
