// The prerendered site served by the site server (site/server/site-server.ts) for one test relay on
// a random port. The site builds its relay address in (the pages' calls and the CSP), so it is
// built once per file with a placeholder address under a machine lock (the build writes site/dist),
// copied out, and the copy gets the relay's real address before it is served. The site server runs
// as a child process (as the relay does, relay-process.ts): the tests import no app's code.
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MACHINE_LOCK_DIR, withLock } from './cross-process-lock'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const RELAY_PLACEHOLDER = 'http://relay-placeholder.invalid'
/** The web app address built into the site (the pages only link to it). */
const APP_URL = 'http://127.0.0.1:5173'
/** A site build takes about a minute here; waiting for another file's build may take two. */
const BUILD_LOCK_WAIT_MS = 300_000
const TEXT_FILES = new Set(['.html', '.js', '.css', '.json', '.xml', '.txt', '.conf'])

export interface SiteForRelay {
  url: string
  appUrl: string
  close(): Promise<void>
}

function runBuild(env: Record<string, string>): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'site'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolveBuild() : reject(new Error(`The site build failed (${code}): ${errors}`)),
    )
  })
}

async function replaceInTree(dir: string, from: string, to: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      await replaceInTree(path, from, to)
    } else if (entry.isFile() && TEXT_FILES.has(extname(entry.name))) {
      const text = await readFile(path, 'utf8')
      if (text.includes(from)) {
        await writeFile(path, text.split(from).join(to))
      }
    }
  }
}

/** The site server's options, as site/server/site-server.ts takes them. */
interface SiteServerProcessOptions {
  distDir: string
  port: number
  relayUrl: string
  appUrl: string
}

/** Starts site/server/site-server.ts in a child process; resolves once it listens. */
function startSiteServerProcess(options: SiteServerProcessOptions): Promise<ChildProcess> {
  const script = [
    `import { startSiteServer } from ${JSON.stringify(join(repoRoot, 'site/server/site-server.ts'))}`,
    'await startSiteServer(JSON.parse(process.env.SITE_SERVER_OPTIONS))',
    "process.stdout.write('listening\\n')",
  ].join('\n')
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, SITE_SERVER_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolveStart, reject) => {
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        resolveStart(child)
      }
    })
    child.once('exit', (code) => reject(new Error(`The site server exited (${code}): ${errors}`)))
  })
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve()
  }
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop())
    child.kill('SIGTERM')
  })
}

/** Builds the site for `relayUrl` and serves it on `port` (0: any). */
export async function startSiteForRelay(options: {
  relayUrl: string
  port: number
}): Promise<SiteForRelay> {
  const copy = await mkdtemp(join(tmpdir(), 'inkmark-site-'))
  await withLock(join(MACHINE_LOCK_DIR, 'site-dist'), BUILD_LOCK_WAIT_MS, async () => {
    await runBuild({
      VITE_RELAY_URL: RELAY_PLACEHOLDER,
      VITE_APP_URL: APP_URL,
      VITE_SITE_ORIGIN: `http://127.0.0.1:${options.port}`,
      SITE_STAGE: 'development',
    })
    await cp(join(repoRoot, 'site/dist'), copy, { recursive: true })
  })
  await replaceInTree(copy, RELAY_PLACEHOLDER, options.relayUrl)
  const url = `http://127.0.0.1:${options.port}`
  const child = await startSiteServerProcess({
    distDir: copy,
    port: options.port,
    relayUrl: options.relayUrl,
    appUrl: APP_URL,
  })
  return {
    url,
    appUrl: APP_URL,
    close: async () => {
      await stopProcess(child)
      await rm(copy, { recursive: true, force: true })
    },
  }
}
