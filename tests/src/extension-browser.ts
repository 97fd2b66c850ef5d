// Launches Debian's Chromium with the built extension loaded, the way every extension end-to-end
// test starts: a fresh profile, the flags this closed network needs, and the extension's service
// worker at hand.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type BrowserContext, type Worker } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Where `npm run build -w extension` leaves the Chrome MV3 build. */
export const CHROME_EXTENSION_DIR = join(repoRoot, 'extension/build/chrome-mv3-prod')

/** Flags without which Chromium tries to reach Google's hosts or fails inside the sandbox. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Debian's Chromium exposes the built-in AI (Summarizer, LanguageModel, Translator,
  // LanguageDetector) without the on-device model service behind it, and a full navigation while
  // one of their availability() calls is pending crashes the page's renderer ("Page crashed" in
  // the learning and dialogs files, on page details whose AI panels ask). Off here: the built-in
  // AI is tested with its stand-in (builtin-ai-stand-in.ts), which defines these globals itself.
  '--disable-features=AIPromptAPI,AISummarizationAPI,TranslationAPI,LanguageDetectionAPI,AIWriterAPI,AIRewriterAPI',
]

export interface ExtensionBrowser {
  context: BrowserContext
  serviceWorker: Worker
  extensionId: string
  close(): Promise<void>
}

export interface LaunchOptions {
  /** More Chromium flags, e.g. `--host-resolver-rules=...` to serve a real host from loopback. */
  extraArgs?: readonly string[]
}

/** Starts Chromium with the built extension; throws a clear error when it has not been built. */
export async function launchWithExtension(
  extensionDir = CHROME_EXTENSION_DIR,
  options: LaunchOptions = {},
): Promise<ExtensionBrowser> {
  await stat(join(extensionDir, 'manifest.json')).catch(() => {
    throw new Error(
      `No extension build at ${extensionDir}: run 'npm run test:e2e' (or PLASMO_PUBLIC_WEBAPP_URL=http://127.0.0.1:5273 npm run build -w extension) first`,
    )
  })
  const userDataDir = await mkdtemp(join(tmpdir(), 'inkmark-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...(options.extraArgs ?? []),
    ],
  })
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  const extensionId = new URL(serviceWorker.url()).host
  return {
    context,
    serviceWorker,
    extensionId,
    async close() {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}
