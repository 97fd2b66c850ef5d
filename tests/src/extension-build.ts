// Builds the Chrome extension for a given relay, as `npm start` does (PLASMO_PUBLIC_RELAY_URL,
// ADR 039), into a folder of its own, so a test can use the popup's built-in relay without
// typing an address and without touching the shared build the other tests load.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

export interface RelayBuild {
  /** The unpacked Chrome MV3 extension. */
  dir: string
  dispose(): Promise<void>
}

/** `plasmo build --target=chrome-mv3` with the relay built in; rejects with the build's output. */
export async function buildExtensionForRelay(relayUrl: string): Promise<RelayBuild> {
  const buildPath = await mkdtemp(join(tmpdir(), 'inkmark-extension-'))
  const output: string[] = []
  const code = await new Promise<number | null>((resolveExit, reject) => {
    const child = spawn(
      join(repoRoot, 'node_modules/.bin/plasmo'),
      ['build', '--target=chrome-mv3', `--build-path=${buildPath}`],
      {
        cwd: join(repoRoot, 'extension'),
        // NODE_ENV: Vitest's 'test' would make Plasmo build React's development code.
        env: {
          ...process.env,
          PLASMO_PUBLIC_RELAY_URL: relayUrl,
          FORCE_COLOR: '0',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    child.stdout.on('data', (data: Buffer) => output.push(data.toString()))
    child.stderr.on('data', (data: Buffer) => output.push(data.toString()))
    child.once('error', reject)
    child.once('exit', resolveExit)
  })
  if (code !== 0) {
    await rm(buildPath, { recursive: true, force: true })
    throw new Error(`The extension build for ${relayUrl} failed:\n${output.join('')}`)
  }
  return {
    dir: join(buildPath, 'chrome-mv3-prod'),
    dispose: () => rm(buildPath, { recursive: true, force: true }),
  }
}
