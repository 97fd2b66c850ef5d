// The web app's production build for end-to-end tests, made once per set of sources instead of
// once per test file (ADR 045). A build is kept under node_modules/.cache, keyed by a hash of
// everything that goes into it: the sources of webapp/, shared/ and design/, the seeding page, the
// lock file, this file, and the VITE_* variables (Vite builds them in; NODE_ENV is left out: the
// build sets it to production itself). Any change to one of them is another key, hence a fresh
// build; a fresh clone has no cache and builds once. Tests with a relay on a random port share
// one build made with a placeholder relay address, filled in when served (webapp-with-relay.ts,
// ADR 063); the least recently used builds beyond a few are removed. End-to-end files run two at a
// time (ADR 070): the first to need a build makes it holding a lock on its key, and one that needs
// the same key meanwhile waits for that build instead of making a second one.
import { createHash } from 'node:crypto'
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { acquireLock, type ReleaseLock } from './cross-process-lock'

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = resolve(dirname(thisFile), '../..')
const WEBAPP_DIR = join(repoRoot, 'webapp')
const SEED_ENTRY = join(repoRoot, 'tests/src/webapp-seed-entry.ts')
const CACHE_DIR = join(repoRoot, 'node_modules/.cache/inkmark-e2e-webapp')
/** One lock per key being built (beside the cache, so pruning never sees them). */
const LOCK_DIR = join(repoRoot, 'node_modules/.cache/inkmark-e2e-webapp-locks')
/**
 * How long a file waits for another's build of the same key (one takes 12 to 60 s here) before
 * building it itself: a slow build then costs time, not a failure (the rename below stays atomic).
 */
const BUILD_LOCK_WAIT_MS = 150_000
/** The workspaces whose sources end up in the web app's bundle (or configure its build). */
const SOURCE_DIRS = ['webapp', 'shared', 'design']
/** Single files that shape the build. */
const SOURCE_FILES = ['package-lock.json', 'tsconfig.base.json', SEED_ENTRY, thisFile]
/** Generated or installed folders: not sources. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.plasmo', 'coverage', '.tsbuild'])
/** How many builds the cache keeps (the default one and a few variants). */
const KEPT_BUILDS = 6

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

/** The cache key of a build made now: sources and environment. */
export async function webappBuildKey(): Promise<string> {
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
  const env = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => (a < b ? -1 : 1))
  hash.update(JSON.stringify(env))
  return hash.digest('hex').slice(0, 32)
}

/**
 * Runs `work` with NODE_ENV=production. Vite makes a production build only when NODE_ENV says so,
 * and Vitest sets it to 'test': without this, the tests ran React's development build (its checks
 * and warnings, the JSX dev runtime), slower than what people get and not what ships.
 */
async function asProduction<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await work()
  } finally {
    if (previous === undefined) {
      delete process.env.NODE_ENV
    } else {
      process.env.NODE_ENV = previous
    }
  }
}

/** Builds the web app and the seeding page (under __seed/) into `outDir`. */
async function buildInto(outDir: string): Promise<void> {
  await asProduction(() =>
    build({
      root: WEBAPP_DIR,
      configFile: join(WEBAPP_DIR, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }),
  )
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: join(outDir, '__seed'),
      emptyOutDir: true,
      lib: { entry: SEED_ENTRY, formats: ['es'], fileName: () => 'seed.js' },
    },
  })
  await writeFile(
    join(outDir, '__seed/seed.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seed</title>' +
      '<script type="module" src="/__seed/seed.js"></script></head><body></body></html>',
  )
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

/**
 * The folder of a production build of the web app (with the seeding page under __seed/) for the
 * current sources and environment: the cached one, or a new one. Read only: callers serve it.
 */
export async function webappBuild(): Promise<string> {
  const key = await webappBuildKey()
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
    // Another file may have made it while this one waited for the lock.
    if (await isBuilt(dir)) {
      return dir
    }
    await buildAndStore(dir)
  } finally {
    await release?.()
  }
  await prune(key)
  return dir
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

/** Builds into a scratch folder and renames it to `dir`. */
async function buildAndStore(dir: string): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true })
  const scratch = await mkdtemp(join(CACHE_DIR, 'tmp-'))
  try {
    await buildInto(scratch)
    // Atomic: a folder under its key is always a whole build. If another run stored the same
    // key meanwhile, its build is as good as ours.
    await rename(scratch, dir).catch(async () => {
      await stat(dir)
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
