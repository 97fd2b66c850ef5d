// The relay's (and the misc server's) TypeScript sources bundled into one JavaScript file, for the
// tests that run them as child processes (relay-process.ts, misc-process.ts). Run through tsx
// (`node --import tsx relay/src/server.ts`, as `npm run start -w relay` does), every start sends
// each of some 270 source files through tsx's loader thread: 5 to 6 s of CPU per start, and a
// full `npm test` starts a relay some 150 times (the sync property test restarts its relay, SIGKILL
// included, about 60 times). The bundle is the same sources compiled by the same compiler
// (esbuild, which tsx uses), with the npm packages left as imports that Node loads itself: a start
// then costs about half the CPU (ADR 084). The bundle is made once per set of sources and kept
// under node_modules/.cache, keyed like the web app's e2e build (webapp-build.ts): a SHA-256 of
// the relay's, the shared and the design packages' sources, the lock file, the package.json and
// tsconfig files that shape them, and this file. Two processes making the same bundle at once both
// end with one whole file (written aside, then renamed). Bundled, the relay's own folder (the
// default data folder, relay/src/config.ts) would be the cache's: a bundled server refuses to start
// without INKMARK_DATA_DIR (which the test harness always gives) rather than write data there.
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const thisFile = fileURLToPath(import.meta.url)
const repoRoot = resolve(dirname(thisFile), '../..')
const CACHE_DIR = join(repoRoot, 'node_modules/.cache/inkmark-test-servers')
/** The workspaces whose sources a server is made of. */
const SOURCE_DIRS = ['relay/src', 'shared/src', 'design/src']
/** Single files that shape the bundle. */
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'relay/package.json',
  'relay/tsconfig.json',
  'shared/package.json',
  'shared/tsconfig.json',
  'design/package.json',
  'design/tsconfig.json',
  thisFile,
]
/**
 * Run first in the bundle: without INKMARK_DATA_DIR the relay would keep its data beside the
 * bundle, in node_modules/.cache, where nobody looks for it (and the cache's pruning never removes).
 */
const NEEDS_DATA_DIR = `if (!process.env.INKMARK_DATA_DIR?.trim()) {
  console.error('A test server bundle needs INKMARK_DATA_DIR (its data would go in node_modules/.cache)')
  process.exit(1)
}`
/** How many bundles the cache keeps (a few sets of sources, two servers each). */
const KEPT_BUNDLES = 8

/** A server's entry file, relative to the repository. */
export type ServerEntry = 'relay/src/server.ts' | 'relay/src/misc-server.ts'

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        return entry.name === 'node_modules' ? [] : sourceFiles(path)
      }
      return entry.isFile() ? [path] : []
    }),
  )
  return nested.flat()
}

async function sourcesKey(): Promise<string> {
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
  return hash.digest('hex').slice(0, 32)
}

/**
 * npm packages stay imports, loaded by Node as when tsx runs the server; the workspace packages
 * (@inkmark/*) are sources and go into the bundle. A deep import without an extension (tsx
 * resolves it, Node's ESM loader does not) becomes the file it resolves to.
 */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@inkmark/') || args.pluginData === 'resolving') {
        return undefined
      }
      const parts = args.path.split('/')
      const packageOnly = parts.length <= (args.path.startsWith('@') ? 2 : 1)
      if (packageOnly || args.path.startsWith('node:')) {
        return { path: args.path, external: true }
      }
      const resolved = await bundle.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      if (resolved.errors.length > 0) {
        return { errors: resolved.errors }
      }
      return { path: resolved.path, external: true }
    })
  },
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

async function pruneCache(keep: string): Promise<void> {
  const entries = await readdir(CACHE_DIR, { withFileTypes: true }).catch(() => [])
  const bundles = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.mjs') && entry.name !== keep)
      .map(async (entry) => ({
        name: entry.name,
        used: (await stat(join(CACHE_DIR, entry.name))).mtimeMs,
      })),
  )
  const stale = bundles.sort((a, b) => b.used - a.used).slice(KEPT_BUNDLES - 1)
  await Promise.all(
    stale.map(async ({ name }) => {
      await rm(join(CACHE_DIR, name), { force: true })
      await rm(join(CACHE_DIR, `${name}.map`), { force: true })
    }),
  )
}

/** Made in this process already: entry to bundle path. */
const madeHere = new Map<ServerEntry, Promise<string>>()

async function makeBundle(entry: ServerEntry): Promise<string> {
  const name = `${entry.replace(/\W+/g, '-')}-${await sourcesKey()}.mjs`
  const path = join(CACHE_DIR, name)
  if (await exists(path)) {
    return path
  }
  await mkdir(CACHE_DIR, { recursive: true })
  // Written under its final name in a scratch folder (the bundle names its map), then moved.
  const scratch = await mkdtemp(join(CACHE_DIR, 'tmp-'))
  try {
    await build({
      entryPoints: [join(repoRoot, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: join(scratch, name),
      // Stack traces name the sources (node --enable-source-maps).
      sourcemap: 'linked',
      logLevel: 'error',
      banner: { js: NEEDS_DATA_DIR },
      plugins: [packagesOutside],
    })
    await rename(join(scratch, `${name}.map`), `${path}.map`)
    await rename(join(scratch, name), path)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  await pruneCache(name)
  return path
}

/**
 * The bundle of a server's sources as they are now (made on first use): run it with
 * `node --enable-source-maps <path>`.
 */
export function serverBundle(entry: ServerEntry): Promise<string> {
  let made = madeHere.get(entry)
  if (made === undefined) {
    made = makeBundle(entry)
    madeHere.set(entry, made)
    made.catch(() => madeHere.delete(entry))
  }
  return made
}
