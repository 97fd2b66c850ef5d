// Finds the extension's real content script (the Plasmo production build's highlighter bundle) for
// the anchoring benchmark's size and load figures, building the extension once when no build is
// there. Null when it cannot be had: the report then says "not built" rather than guessing.
import { execFile } from 'node:child_process'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { REPO_ROOT } from '../benchmarks-file'

/** Where `plasmo build --target=chrome-mv3` writes the production extension. */
const BUILD_DIR = join(REPO_ROOT, 'extension/build/chrome-mv3-prod')
const CONTENT_SCRIPT = /^highlighter\..*\.js$/
/** A build that takes longer than this is given up (the figures say "not built"). */
const BUILD_TIMEOUT_MS = 5 * 60_000

/** The real content script: where it is and how big. */
export interface RealContentScript {
  path: string
  fileName: string
  bytes: number
  gzipBytes: number
  /** Whether this run built the extension (no build was there). */
  built: boolean
}

async function findInBuild(): Promise<string | null> {
  const names = await readdir(BUILD_DIR).catch(() => [] as string[])
  const name = names.find((candidate) => CONTENT_SCRIPT.test(candidate))
  return name === undefined ? null : join(BUILD_DIR, name)
}

/** The built content script, building the extension first if there is no build; null if none. */
export async function findRealContentScript(
  log: (line: string) => void,
): Promise<RealContentScript | null> {
  let path = await findInBuild()
  let built = false
  if (path === null) {
    log('anchoring: no extension build; running plasmo build --target=chrome-mv3')
    try {
      await promisify(execFile)('npx', ['plasmo', 'build', '--target=chrome-mv3'], {
        cwd: join(REPO_ROOT, 'extension'),
        timeout: BUILD_TIMEOUT_MS,
      })
      built = true
    } catch (error) {
      log(`anchoring: the extension build failed: ${(error as Error).message.split('\n')[0]}`)
    }
    path = await findInBuild()
  }
  if (path === null) {
    return null
  }
  const bytes = await readFile(path)
  return {
    path,
    fileName: path.slice(BUILD_DIR.length + 1),
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes).length,
    built,
  }
}
