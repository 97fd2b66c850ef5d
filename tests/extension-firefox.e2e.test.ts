// The Firefox build passes Mozilla's add-on linter (addons-linter, what `web-ext lint` runs): no
// errors, and no warnings but the two kinds we know and accept: React's own innerHTML writes in
// the popup and sidebar bundles (never in the content script, which builds its interface with DOM
// calls), data_collection_permissions being newer than Firefox for Android 140, and pdf.js's
// `new Function` in the PDF viewer's bundles, which the viewer never runs (isEvalSupported: false,
// docs/adr/014-pdf.md). Its manifest suggests all five shortcut keys, and in Debian's Firefox ESR
// (driven over WebDriver BiDi) the commands have their keys and the login token is kept in the
// extension origin's IndexedDB, not in storage.local (docs/adr/028).
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import linter from 'addons-linter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIREFOX_EXTENSION_DIR,
  launchFirefoxWithExtension,
  type FirefoxBrowser,
} from './src/firefox-bidi'
import { createRelayProcess, type RelayProcess } from './src/relay-process'
import { registerAccount } from './src/sync-device'

const FIREFOX_BUILD = FIREFOX_EXTENSION_DIR

interface LinterMessage {
  code: string
  file?: string
  message: string
}

const ACCEPTED_WARNINGS = new Set([
  'UNSAFE_VAR_ASSIGNMENT',
  'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION',
])

/** pdf.js (the viewer page and its worker) holds `new Function` behind isEvalSupported, turned off. */
function isPdfJsEval(warning: LinterMessage): boolean {
  return (
    warning.code === 'DANGEROUS_EVAL' &&
    /^(pdf\.worker\.|pdf-worker-entry\.|tabs\/viewer\.)/.test(warning.file ?? '')
  )
}

describe('the Firefox build', () => {
  // Mozilla's linter reads every bundle (16 MB since issue 20): over two minutes of CPU on a quiet
  // machine, five when another file runs beside it on a loaded one, so its limit is ten minutes.
  // It runs in this process: a later test of the file waits until it ends.
  it('passes the add-on linter', async () => {
    await stat(join(FIREFOX_BUILD, 'manifest.json')).catch(() => {
      throw new Error(`No Firefox build at ${FIREFOX_BUILD}: run 'npm run build -w extension'`)
    })
    const instance = linter.createInstance({
      config: {
        _: [FIREFOX_BUILD],
        logLevel: 'fatal',
        stack: false,
        pretty: false,
        warningsAsErrors: false,
        metadata: false,
        output: 'none',
        boring: true,
        selfHosted: false,
      },
      runAsBinary: false,
    })
    const result = (await instance.run()) as { errors: LinterMessage[]; warnings: LinterMessage[] }
    expect(result.errors.map((error) => `${error.code}: ${error.message}`)).toEqual([])
    const unexpected = result.warnings.filter(
      (warning) => !ACCEPTED_WARNINGS.has(warning.code) && !isPdfJsEval(warning),
    )
    expect(unexpected.map((warning) => `${warning.code} in ${warning.file}`)).toEqual([])
    const contentScriptWarnings = result.warnings.filter((warning) =>
      warning.file?.startsWith('highlighter.'),
    )
    expect(contentScriptWarnings).toEqual([])
  }, 600_000)

  it('suggests all five shortcut keys as commands (Firefox takes more than four)', async () => {
    const manifest = JSON.parse(await readFile(join(FIREFOX_BUILD, 'manifest.json'), 'utf8')) as {
      commands?: Record<string, { suggested_key?: { default?: string } }>
    }
    const keys = Object.fromEntries(
      Object.entries(manifest.commands ?? {}).map(([name, command]) => [
        name,
        command.suggested_key?.default,
      ]),
    )
    expect(keys).toEqual({
      highlightText: 'Alt+S',
      highlightWithLastFormat: 'Alt+A',
      toggleSidebar: 'Alt+W',
      bookmarkPage: 'Alt+B',
      openInReader: 'Alt+R',
    })
  })
})

describe('the Firefox build in Firefox ESR', () => {
  let relay: RelayProcess
  let firefox: FirefoxBrowser
  const email = `firefox-${Date.now()}@example.com`
  const password = 'correct horse battery'

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    await registerAccount(relay.url, email, password)
    firefox = await launchFirefoxWithExtension(FIREFOX_BUILD)
  })

  afterAll(async () => {
    await firefox?.close()
    await relay?.dispose()
  })

  it('has the five commands with their keys, and keeps the token in the IndexedDB', async () => {
    // An extension page (the sidebar's, web-accessible, at the top of its tab, so no pass needed).
    const popup = await firefox.openExtensionPage('tabs/sidebar.html')
    const commands = await firefox.evaluate<{ name: string; shortcut: string }[]>(
      popup,
      'browser.commands.getAll()',
    )
    expect(Object.fromEntries(commands.map((command) => [command.name, command.shortcut]))).toEqual(
      {
        highlightText: 'Alt+S',
        highlightWithLastFormat: 'Alt+A',
        toggleSidebar: 'Alt+W',
        bookmarkPage: 'Alt+B',
        openInReader: 'Alt+R',
      },
    )
    const call = (method: string, ...args: string[]) =>
      firefox.evaluate<{ ok: boolean; value?: { signedIn: boolean; email?: string } }>(
        popup,
        `browser.runtime.sendMessage(${JSON.stringify({ channel: 'inkmark:session', method, args })})`,
      )
    expect(await call('signIn', relay.url, email, password)).toMatchObject({
      ok: true,
      value: { signedIn: true, email },
    })
    expect(await firefox.evaluate(popup, 'browser.storage.local.get(null)')).not.toHaveProperty(
      'inkmark.session',
    )
    const databases = await firefox.evaluate<{ name: string }[]>(popup, 'indexedDB.databases()')
    expect(databases.map((database) => database.name)).toContain('inkmark-session')
    expect(await call('getStatus')).toMatchObject({ value: { signedIn: true, email } })
    expect(await call('signIn', 'http://relay.example.org', email, password)).toMatchObject({
      ok: false,
    })
  })
})
