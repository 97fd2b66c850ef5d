// The commit a benchmark measured, for its section of BENCHMARKS.md: the short hash of HEAD, and
// whether the sources it measures (`sourcesPath`, e.g. relay/src) had uncommitted changes.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { REPO_ROOT } from './benchmarks-file'

const run = promisify(execFile)

/** "abc1234", "abc1234 + uncommitted changes in relay/src", or "unknown" outside a git clone. */
export async function measuredCommit(sourcesPath: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT })
    const { stdout: status } = await run('git', ['status', '--porcelain', '--', sourcesPath], {
      cwd: REPO_ROOT,
    })
    return `${stdout.trim()}${status.trim() === '' ? '' : ` + uncommitted changes in ${sourcesPath}`}`
  } catch {
    return 'unknown'
  }
}
