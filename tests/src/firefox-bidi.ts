// Debian's Firefox ESR with the built Firefox extension, driven over WebDriver BiDi (the protocol
// Firefox speaks natively, so no driver or browser download is needed): a fresh profile that
// gives the extension a fixed internal UUID (so its pages have a known moz-extension:// address),
// the extension installed as a temporary add-on, calls to evaluate script in a page or frame, and
// real input (input.performActions: trusted mouse and key events through Firefox's own input path).
import { spawn, type ChildProcess } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { connectMarionette } from './firefox-marionette'
import { freePort } from './relay-process'

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
/** Where `npm run build -w extension` leaves the Firefox MV3 build. */
export const FIREFOX_EXTENSION_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../extension/build/firefox-mv3-prod',
)
/** The extension's gecko id (extension/package.json). */
export const GECKO_ID = 'inkmark@inkmark.app'
/** The internal UUID the profile gives the extension. */
export const EXTENSION_UUID = '6f0d7b0e-3c1a-4b8e-9d2f-5a4c3b2a1f00'

export interface FirefoxBrowser {
  /** moz-extension://{uuid} */
  extensionOrigin: string
  /** Sends a BiDi command and resolves its result. */
  send<T = Record<string, unknown>>(method: string, params: object): Promise<T>
  /** Opens a tab at `url` and resolves its browsing context id once loaded. */
  open(url: string): Promise<string>
  /**
   * Opens one of the extension's pages in a new tab, from the browser window (BiDi may not
   * navigate to moz-extension://), and resolves its context.
   */
  openExtensionPage(path: string): Promise<string>
  /** Evaluates `expression` (awaiting a promise) in the context; the value, serialized by JSON. */
  evaluate<T>(context: string, expression: string): Promise<T>
  /**
   * Calls `functionDeclaration` in the context with `this` and `args` (values, or nodes by their
   * BiDi shared id), awaiting a promise; the result as BiDi serialized it (a node keeps its shared
   * id, and the shadow root of its first level, closed ones included).
   */
  callFunction(
    context: string,
    functionDeclaration: string,
    options?: { this?: BidiArgument; args?: BidiArgument[] },
  ): Promise<RemoteValue>
  /** Hears the events of a `session.subscribe`d module until the returned call. */
  onEvent(listener: (event: BidiEvent) => void): () => void
  /** Sends real input (input.performActions) to the context and releases what stays pressed. */
  performActions(context: string, actions: object[]): Promise<void>
  /**
   * Sends key actions to the browser window itself (Marionette's chrome context): the way a
   * person's key goes, so the browser's command keys (the extension's shortcuts) hear it.
   */
  browserKeys(actions: object[]): Promise<void>
  /** Runs a script in the browser window (Marionette's chrome context); its value. */
  browserScript<T>(script: string): Promise<T>
  /** The context's child frames, all levels, with their addresses. */
  frames(context: string): Promise<{ context: string; url: string }[]>
  close(): Promise<void>
}

/** A value handed to script.callFunction: a plain value, or a node by its shared id. */
export type BidiArgument = { type: string; value?: unknown } | { sharedId: string }

/** A value BiDi gives back (nodes carry a sharedId, and their shadow root its own). */
export interface RemoteValue {
  type: string
  value?: unknown
  sharedId?: string
}

/** A BiDi event: its method (e.g. log.entryAdded) and parameters. */
export interface BidiEvent {
  method: string
  params: Record<string, unknown>
}

/** A plain value as a BiDi argument (JSON-like: strings, numbers, booleans, null). */
export function bidiValue(value: string | number | boolean | null): BidiArgument {
  if (value === null) {
    return { type: 'null' }
  }
  return { type: typeof value, value }
}

const PREFS = {
  'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'browser.aboutwelcome.enabled': false,
  'app.update.enabled': false,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
}

async function connect(url: string, firefox: ChildProcess): Promise<WebSocket> {
  for (let attempt = 0; ; attempt++) {
    if (firefox.exitCode !== null) {
      throw new Error(`Firefox exited with ${firefox.exitCode}`)
    }
    try {
      return await new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url)
        socket.once('open', () => resolve(socket))
        socket.once('error', reject)
      })
    } catch (error) {
      if (attempt > 300) {
        throw error
      }
      // Firefox opens its remote agent a moment after it starts: try again once it has.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Starts Firefox ESR headless with the extension at `extensionDir` installed. */
export function launchFirefoxWithExtension(extensionDir: string): Promise<FirefoxBrowser> {
  return launchFirefox(extensionDir)
}

/** Starts Firefox ESR headless, with the extension at `extensionDir` when one is given. */
export async function launchFirefox(extensionDir?: string): Promise<FirefoxBrowser> {
  await access(FIREFOX_PATH, constants.X_OK).catch(() => {
    throw new Error(
      `No Firefox ESR at ${FIREFOX_PATH}: install Debian's firefox-esr (apt-get install firefox-esr; .ci/run does) or set FIREFOX_PATH`,
    )
  })
  const profile = await mkdtemp(join(tmpdir(), 'inkmark-firefox-'))
  await writeFile(
    join(profile, 'user.js'),
    Object.entries(PREFS)
      .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
      .join('\n'),
  )
  const port = await freePort()
  const marionettePort = await freePort()
  await writeFile(
    join(profile, 'user.js'),
    `\nuser_pref("marionette.port", ${marionettePort});\n`,
    { flag: 'a' },
  )
  const firefox = spawn(
    FIREFOX_PATH,
    [
      '--headless',
      '--no-remote',
      '--profile',
      profile,
      `--remote-debugging-port=${port}`,
      '--marionette',
      '--remote-allow-system-access',
    ],
    { stdio: 'ignore', env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  )
  const marionette = await connectMarionette(marionettePort, () => firefox.exitCode !== null)
  // The one session, made by Marionette, with BiDi's WebSocket for it (firefox-marionette.ts).
  const { capabilities } = await marionette.send<{ capabilities: { webSocketUrl: string } }>(
    'WebDriver:NewSession',
    { webSocketUrl: true, strictFileInteractability: false },
  )
  const socket = await connect(capabilities.webSocketUrl, firefox)
  let nextId = 1
  const eventListeners = new Set<(event: BidiEvent) => void>()
  const pending = new Map<number, { resolve: (value: never) => void; reject: (e: Error) => void }>()
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      id?: number
      type: string
      result?: unknown
      error?: string
      message?: string
    }
    if (message.type === 'event') {
      for (const listener of eventListeners) {
        listener(message as unknown as BidiEvent)
      }
      return
    }
    const waiting = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiting) {
      return
    }
    pending.delete(message.id!)
    if (message.type === 'error') {
      waiting.reject(new Error(`${message.error}: ${message.message}`))
    } else {
      waiting.resolve(message.result as never)
    }
  })
  const send = <T>(method: string, params: object) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      socket.send(JSON.stringify({ id, method, params }))
    })
  if (extensionDir !== undefined) {
    await send('webExtension.install', { extensionData: { type: 'path', path: extensionDir } })
  }

  const evaluate = async <T>(context: string, expression: string): Promise<T> => {
    const result = await send<{
      type: string
      result?: { type: string; value?: string }
      exceptionDetails?: { text: string }
    }>('script.evaluate', {
      expression: `Promise.resolve(${expression}).then((value) => JSON.stringify(value ?? null))`,
      target: { context },
      awaitPromise: true,
    })
    if (result.type === 'exception') {
      throw new Error(`In Firefox: ${result.exceptionDetails?.text}`)
    }
    return JSON.parse(result.result?.value ?? 'null') as T
  }

  const callFunction = async (
    context: string,
    functionDeclaration: string,
    options: { this?: BidiArgument; args?: BidiArgument[] } = {},
  ): Promise<RemoteValue> => {
    const result = await send<{
      type: string
      result?: RemoteValue
      exceptionDetails?: { text: string }
    }>('script.callFunction', {
      functionDeclaration,
      target: { context },
      awaitPromise: true,
      ...(options.this ? { this: options.this } : {}),
      arguments: options.args ?? [],
      serializationOptions: { maxDomDepth: 0, includeShadowTree: 'all' },
    })
    if (result.type === 'exception') {
      throw new Error(`In Firefox: ${result.exceptionDetails?.text}`)
    }
    return result.result!
  }

  const browserScript = async <T>(script: string): Promise<T> => {
    await marionette.send('Marionette:SetContext', { value: 'chrome' })
    try {
      const { value } = await marionette.send<{ value: T }>('WebDriver:ExecuteScript', {
        script,
        args: [],
      })
      return value
    } finally {
      await marionette.send('Marionette:SetContext', { value: 'content' })
    }
  }

  const frames = async (context: string) => {
    interface Tree {
      context: string
      url: string
      children?: Tree[] | null
    }
    const { contexts } = await send<{ contexts: Tree[] }>('browsingContext.getTree', {
      root: context,
    })
    const found: { context: string; url: string }[] = []
    const walk = (tree: Tree) => {
      for (const child of tree.children ?? []) {
        found.push({ context: child.context, url: child.url })
        walk(child)
      }
    }
    contexts.forEach(walk)
    return found
  }

  const open = async (url: string): Promise<string> => {
    const { context } = await send<{ context: string }>('browsingContext.create', { type: 'tab' })
    await send('browsingContext.navigate', { context, url, wait: 'complete' })
    return context
  }

  return {
    extensionOrigin: `moz-extension://${EXTENSION_UUID}`,
    send,
    evaluate,
    callFunction,
    frames,
    async performActions(context, actions) {
      await send('input.performActions', { context, actions })
      await send('input.releaseActions', { context })
    },
    open,
    async browserKeys(actions) {
      await marionette.send('Marionette:SetContext', { value: 'chrome' })
      try {
        await marionette.send('WebDriver:PerformActions', {
          actions: [{ type: 'key', id: 'browser-keyboard', actions }],
        })
        await marionette.send('WebDriver:ReleaseActions')
      } finally {
        await marionette.send('Marionette:SetContext', { value: 'content' })
      }
    },
    browserScript,
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    async openExtensionPage(path) {
      const url = `moz-extension://${EXTENSION_UUID}/${path}`
      // The browser window opens it, as a person's click on the toolbar would: BiDi may not
      // navigate to moz-extension://, nor may a blank tab's script.
      await browserScript(
        `gBrowser.addTab(${JSON.stringify(url)}, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() })`,
      )
      for (;;) {
        const { contexts } = await send<{ contexts: { context: string; url: string }[] }>(
          'browsingContext.getTree',
          { maxDepth: 0 },
        )
        const context = contexts.find((candidate) => candidate.url === url)?.context
        if (context !== undefined) {
          // Evaluating waits for the document to be ready to run script.
          await evaluate(context, 'document.readyState')
          return context
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      const exited = new Promise((resolve) => firefox.once('exit', resolve))
      if (firefox.exitCode === null) {
        // A session Marionette made is ended by Marionette (BiDi's browser.close refuses it).
        await marionette.send('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined)
        socket.close()
        marionette.close()
        await exited
      }
      await rm(profile, { recursive: true, force: true })
    },
  }
}
