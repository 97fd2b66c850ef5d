// The site's production build (prerendered pages, assets, builds/latest.json, sitemap, robots.txt)
// for end-to-end tests, made once per set of sources and build variables instead of once per test
// file, the way webapp-build.ts does for the web app (ADR 045). A build is kept under
// node_modules/.cache, keyed by a hash of what goes into it: the sources of site/, shared/ and
// design/, the lock file, this file, and the variables built in. The addresses of the web app, the
// relay and the misc server are built in as placeholders on reserved .invalid hosts that reach
// nothing: a test that needs a real relay routes the placeholder to it in its browser context
// (routeToServer below), so one build serves every test. End-to-end files run two at a time (ADR
// 070): the first to need a build makes it holding a lock on its key (cross-process-lock.ts), and
// another that needs the same key meanwhile waits for it instead of building a second one. The
// build is the site's own script (`npm run build -w site`) in a child process, so what is tested
// is what ships and its variables never leak into the test's own process.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext } from 'playwright-core'
import { acquireLock, withLock, type ReleaseLock } from './cross-process-lock'
import { MISC_PLACEHOLDER_URL, RELAY_PLACEHOLDER_URL } from './webapp-with-relay'

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = resolve(dirname(thisFile), '../..')
const SITE_DIR = join(repoRoot, 'site')
/** Where the site's build script writes, whoever runs it. */
const SITE_DIST = join(SITE_DIR, 'dist')
const CACHE_DIR = join(repoRoot, 'node_modules/.cache/inkmark-e2e-site')
/** One lock per key being built (beside the cache, so pruning never sees them). */
const LOCK_DIR = join(repoRoot, 'node_modules/.cache/inkmark-e2e-site-locks')
/** Held while the site's build script runs in this checkout (it always writes site/dist). */
const DIST_LOCK = join(LOCK_DIR, 'site-dist')
/** How long a file waits for another's build of the same key before building it itself. */
const BUILD_LOCK_WAIT_MS = 170_000
/** The workspaces whose sources end up in the site (or configure its build). */
const SOURCE_DIRS = ['site', 'shared', 'design']
/** Single files that shape the build. */
const SOURCE_FILES = ['package-lock.json', 'tsconfig.base.json', thisFile]
/** Generated or installed folders: not sources. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'build',
  '.plasmo',
  'coverage',
  '.tsbuild',
])
/** How many builds the cache keeps. */
const KEPT_BUILDS = 4

/** The site's own origin as built in (canonical links, sitemap, share images): never served. */
export const SITE_ORIGIN_PLACEHOLDER = 'http://site.e2e-placeholder.invalid:1'
/** The web app's address as built in (Open App, tool forms). */
export const APP_PLACEHOLDER_URL = 'http://app.e2e-placeholder.invalid:1'
/** The blog's address as built in (with a blog, the Blog and Release Notes links show). */
export const BLOG_PLACEHOLDER_URL = 'http://blog.e2e-placeholder.invalid:1'
export { MISC_PLACEHOLDER_URL, RELAY_PLACEHOLDER_URL }

/** The variables a default test build is made with. */
export const SITE_BUILD_ENV: Readonly<Record<string, string>> = {
  VITE_SITE_ORIGIN: SITE_ORIGIN_PLACEHOLDER,
  VITE_APP_URL: APP_PLACEHOLDER_URL,
  VITE_RELAY_URL: RELAY_PLACEHOLDER_URL,
  VITE_MISC_URL: MISC_PLACEHOLDER_URL,
  VITE_BLOG_URL: BLOG_PLACEHOLDER_URL,
  // Development content: the operator's lists, or the marked samples where they are empty (as the
  // tests' own process reads them).
  SITE_STAGE: 'development',
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path)
      }
      return entry.isFile() ? [path] : []
    }),
  )
  return nested.flat()
}

/** The cache key of a build made now with `env`: sources and variables. */
export async function siteBuildKey(env: Readonly<Record<string, string>>): Promise<string> {
  const hash = createHash('sha256')
  const files = [
    ...(await Promise.all(SOURCE_DIRS.map((dir) => sourceFiles(join(repoRoot, dir))))).flat(),
    ...SOURCE_FILES.map((file) => resolve(repoRoot, file)),
  ]
  for (const file of files.sort()) {
    hash.update(`${relative(repoRoot, file)}\0`)
    hash.update(await readFile(file))
    hash.update('\0')
  }
  hash.update(JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1))))
  return hash.digest('hex').slice(0, 32)
}

/**
 * The build's environment: this process's, without any VITE_* variable of its own (only `env`'s
 * are built in, so the key names every one).
 */
function childEnv(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
  )
  return { ...inherited, ...env, NODE_ENV: 'production' }
}

/**
 * Runs the site's own build (`npm run build -w site`: client, SSR, prerender) and moves what it
 * wrote (site/dist) to `outDir`. The build writes site/dist whoever runs it, so one build of this
 * checkout at a time (a lock of its own, whatever the key).
 */
async function buildInto(outDir: string, env: Readonly<Record<string, string>>): Promise<void> {
  await withLock(DIST_LOCK, BUILD_LOCK_WAIT_MS, async () => {
    await rm(SITE_DIST, { recursive: true, force: true })
    const output: string[] = []
    const code = await new Promise<number | null>((done, fail) => {
      const child = spawn('npm', ['run', 'build'], {
        cwd: SITE_DIR,
        env: childEnv(env),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
      child.on('error', fail)
      child.on('exit', done)
    })
    if (code !== 0) {
      throw new Error(`The site's build failed (exit ${code}):\n${output.join('').slice(-4000)}`)
    }
    await rm(outDir, { recursive: true, force: true })
    await rename(SITE_DIST, outDir)
  })
}

/** Removes the least recently used builds beyond KEPT_BUILDS, and unfinished ones over an hour old. */
async function prune(keep: string): Promise<void> {
  const entries = await Promise.all(
    (await readdir(CACHE_DIR)).map(async (name) => ({
      name,
      mtime: (await stat(join(CACHE_DIR, name))).mtimeMs,
    })),
  )
  const builds = entries.filter((entry) => !entry.name.startsWith('tmp-'))
  const stale = builds.sort((a, b) => b.mtime - a.mtime).slice(KEPT_BUILDS)
  const abandoned = entries.filter(
    (entry) => entry.name.startsWith('tmp-') && entry.mtime < Date.now() - 3_600_000,
  )
  for (const entry of [...stale, ...abandoned]) {
    if (entry.name !== keep) {
      await rm(join(CACHE_DIR, entry.name), { recursive: true, force: true })
    }
  }
}

/** True when the build under `dir` exists (and marks it as just used). */
async function isBuilt(dir: string): Promise<boolean> {
  const now = new Date()
  try {
    await utimes(dir, now, now)
    return true
  } catch {
    return false
  }
}

/** Builds into a scratch folder and renames it to `dir` (atomic: a keyed folder is whole). */
async function buildAndStore(dir: string, env: Readonly<Record<string, string>>): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true })
  const scratch = await mkdtemp(join(CACHE_DIR, 'tmp-'))
  try {
    await buildInto(scratch, env)
    await rename(scratch, dir).catch(async () => {
      await stat(dir)
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * The folder of a production build of the site for the current sources and `env` (default: the
 * placeholders): the cached one, or a new one. Read only: a test that changes files serves a copy
 * (site-server.ts `writableCopy`).
 */
export async function siteBuild(
  env: Readonly<Record<string, string>> = SITE_BUILD_ENV,
): Promise<string> {
  const key = await siteBuildKey(env)
  const dir = join(CACHE_DIR, key)
  if (await isBuilt(dir)) {
    return dir
  }
  // Without the lock (waited too long), this file builds too: slower, never wrong.
  const release: ReleaseLock | undefined = await acquireLock(
    join(LOCK_DIR, key),
    BUILD_LOCK_WAIT_MS,
  ).catch(() => undefined)
  try {
    if (await isBuilt(dir)) {
      return dir
    }
    await buildAndStore(dir, env)
  } finally {
    await release?.()
  }
  await prune(key)
  return dir
}

/**
 * Sends the browser's requests to `placeholderUrl` (an origin built in) to `realUrl` instead, in
 * `context`: a relay or misc server started by the test answers what the build addresses to the
 * placeholder (the page still sees the placeholder's origin, as built, so its CSP holds).
 */
export async function routeToServer(
  context: BrowserContext,
  placeholderUrl: string,
  realUrl: string,
): Promise<void> {
  const placeholder = new URL(placeholderUrl).origin
  await context.route(
    (url) => url.origin === placeholder,
    async (route) => {
      const request = route.request()
      const target = new URL(request.url())
      const real = new URL(realUrl)
      target.protocol = real.protocol
      target.host = real.host
      const response = await route.fetch({ url: target.toString() })
      await route.fulfill({ response })
    },
  )
}

/**
 * The paths the build prerendered (the prerender writes `<path>/index.html` for every path of the
 * site's routes, parameterised ones through their prerender paths, and fails on any it cannot):
 * what the site's allPrerenderPaths() named, read from what ships.
 */
export async function prerenderedPaths(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => {
      const folder = relative(distDir, entry.parentPath).split(sep).join('/')
      return folder === '' ? '/' : `/${folder}`
    })
    .sort()
}
