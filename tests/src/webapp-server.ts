// Serves the web app's production build on loopback the way a static host would (every unknown path
// answers with index.html, so client routes like /page/{id} load), for end-to-end tests. Next to
// it, under /__seed/, a test-only page bundles the real store (webapp-seed-entry.ts) so a test can
// fill this origin's IndexedDB before the app opens it: the app itself ships no seeding hook.
// Every response carries the headers of the build's own `_headers` file, as a static host that
// reads it would send them (CSP, frame-ancestors, nosniff): the app is tested as it ships.
// A build may carry placeholders for values known only once a test runs (a relay's random port,
// webapp-with-relay.ts): `substitutions` replaces them in every served text file and header, the
// way a deploy step fills in an address, so one build serves every such test (ADR 063).
import { CHROME_SETTINGS_ID, createDefaultChromeSettings } from '@inkmark/shared'
import { HEADERS_FILE, headersForPath, parseHeadersFile } from '@inkmark/shared/web-security'
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { webappBuild } from './webapp-build'

/** The path of the seeding page on the web app's origin. */
export const SEED_PAGE_PATH = '/__seed/seed.html'

/**
 * Settings with the library's prompts answered, to seed beside a test's pages: from 4 pages the
 * sign-up prompt (then the others) opens as a modal over the screen under test and takes its keys
 * (it did so in CI). The prompts have their own test, webapp-prompts.
 */
export const answeredPrompts = createDefaultChromeSettings(CHROME_SETTINGS_ID, {
  signUpPromptDismissed: true,
  chromeRatingPromptDismissed: true,
  upgradeDealPromptDismissed: true,
  spreadTheWordPromptDismissed: true,
  showBackupDialogPrompt: false,
})

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

/** The built web app on loopback. */
export interface WebappServer {
  /** The origin, e.g. http://127.0.0.1:40123 */
  url: string
  close(): Promise<void>
}

/** Options of startWebapp. */
export interface WebappServerOptions {
  /**
   * A fixed loopback port (default: any free one). The extension shares its library only with the
   * configured web app origins (ADR 035); its tests serve the app on the e2e origin's port.
   */
  port?: number
  /** More files to serve on the app's origin (path under the root, e.g. 'pictures/cover.png'). */
  extraFiles?: Record<string, Uint8Array | string>
  /**
   * Text replaced in every served text file and header: a placeholder built in (key) by the value
   * it stands for. Each key must occur in the build; `leftovers` must not remain after replacing.
   */
  substitutions?: Record<string, string>
  /** Strings that must occur nowhere once substituted (a placeholder's host in another form). */
  leftovers?: readonly string[]
}

/** Files a placeholder may be in: the bundle, the pages, and the header files. */
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.css', '.json', '.conf', ''])

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

function substitute(text: string, substitutions: Record<string, string>): string {
  return Object.entries(substitutions).reduce(
    (result, [placeholder, value]) => result.replaceAll(placeholder, value),
    text,
  )
}

/**
 * The build's text files with the substitutions made, by path, to serve from memory; throws when a
 * placeholder is nowhere in the build or a leftover remains (the build would talk to the wrong place).
 */
async function substitutedFiles(
  root: string,
  substitutions: Record<string, string>,
  leftovers: readonly string[],
): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  const found = new Set<string>()
  for (const file of await listFiles(root)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) {
      continue
    }
    const text = await readFile(file, 'utf8')
    for (const placeholder of Object.keys(substitutions)) {
      if (text.includes(placeholder)) {
        found.add(placeholder)
      }
    }
    const replaced = substitute(text, substitutions)
    const leftover = leftovers.find((marker) => replaced.includes(marker))
    if (leftover !== undefined) {
      throw new Error(`${file} still contains ${leftover} after the substitutions`)
    }
    files.set(normalize(file), replaced)
  }
  const missing = Object.keys(substitutions).filter((placeholder) => !found.has(placeholder))
  if (missing.length > 0) {
    throw new Error(`The build at ${root} does not contain ${missing.join(', ')}`)
  }
  return files
}

/**
 * Serves the web app's build and the seeding page: built once for the current sources and
 * environment and shared by every test file (webapp-build.ts, ADR 045).
 */
export async function startWebapp(options: WebappServerOptions = {}): Promise<WebappServer> {
  const root = await webappBuild()
  // The test's own files, served from memory: the shared build stays as built.
  const extraFiles = new Map(
    Object.entries(options.extraFiles ?? {}).map(([path, content]) => [
      normalize(join(root, path)),
      content,
    ]),
  )
  const substitutions = options.substitutions ?? {}
  // With substitutions, the build's text files are served from memory, substituted.
  const substituted =
    Object.keys(substitutions).length === 0
      ? new Map<string, string>()
      : await substitutedFiles(root, substitutions, options.leftovers ?? [])
  const headerRules = parseHeadersFile(
    substitute(await readFile(join(root, HEADERS_FILE), 'utf8'), substitutions),
  )
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split(/[?#]/)[0] ?? '/')
    for (const [name, value] of Object.entries(headersForPath(headerRules, path))) {
      response.setHeader(name, value)
    }
    const file = normalize(join(root, path))
    if (!file.startsWith(normalize(root) + sep) && file !== normalize(root)) {
      response.writeHead(403).end()
      return
    }
    const extra = extraFiles.get(file)
    if (extra !== undefined) {
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(extra)
      return
    }
    const send = (target: string) =>
      stat(target).then((info) => {
        if (!info.isFile()) {
          throw new Error('not a file')
        }
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
        })
        const text = substituted.get(normalize(target))
        if (text === undefined) {
          createReadStream(target).pipe(response)
        } else {
          response.end(text)
        }
      })
    send(file)
      .catch(() => {
        // A client route: the app's shell, as a static host's SPA fallback does. Missing assets
        // (with an extension) stay 404s so a broken build shows.
        if (extname(path) !== '') {
          throw new Error('missing asset')
        }
        return send(join(root, 'index.html'))
      })
      .catch(() => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'))
  })
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((done) => server.close(() => done(undefined)))
    },
  }
}
