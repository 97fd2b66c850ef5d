// Launches Debian's Chromium for benchmarks the way the end-to-end tests do: headless, the flags
// this closed network needs, and a profile directory the caller owns, so a benchmark can close the
// browser and start it again on the same profile (a cold start with the data still on disk).
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags without which Chromium tries to reach Google's hosts or fails inside the sandbox. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Starts headless Chromium on the profile in `userDataDir` (created when missing). */
export function launchChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
}

/** The version Chromium reports, e.g. "Chromium 156.0.8078.79 built on Debian GNU/Linux 12". */
export async function chromiumVersion(): Promise<string> {
  const { stdout } = await promisify(execFile)(CHROMIUM_PATH, ['--version'])
  return stdout.trim()
}
