// `npm start`: runs Inkmark on this machine (ADR 039). Checks the ports (RELAY_PORT, MISC_PORT,
// WEBAPP_PORT, SITE_PORT), starts the relay (on its embedded store), the misc server on the same
// accounts (ADR 065) and the web app, builds the site (prerendered, with this run's addresses)
// and serves it with the site server (ADR 071), builds the extension for Chrome/Edge and Firefox
// with that relay built in, says what it is doing at each step, and prints every address once all
// of it answers. When any service fails it names the service and the cause, stops the rest and
// exits non-zero. Ctrl+C stops everything. The web app's dev server and the site server send the
// apps' security headers (ADR 032).
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  SERVICES,
  failureMessage,
  portInUseMessage,
  readStartConfig,
  seconds,
  shouldColor,
  siteBuildEnv,
  stripAnsi,
  webOrigins,
  type ServiceKey,
} from './start-config'
import { isPortFree } from './start-ports'
import { waitForUrl } from './wait-for-url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name)

const color = shouldColor(process.env, process.stdout.isTTY === true)
const paint = (code: string) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text)
const bold = paint('1')
const dim = paint('2')
const red = paint('31')
const green = paint('32')

const startedAt = Date.now()
const elapsed = () => dim(`[${seconds(Date.now() - startedAt)}]`)
const step = (text: string) => console.log(`${elapsed()} ${text}`)

/** A failure of one service, with the line that says why. */
class ServiceFailure extends Error {}

interface Service {
  child: ChildProcess
  /** Rejects with a ServiceFailure when the process exits (before `settled`). */
  exited: Promise<never>
  /** Its output, kept to explain a failure. */
  output: string[]
}

const services: Service[] = []
let stopping = false
/** Everything answered; a failure from now on is a stop, not a failed start. */
let running = false

/** Starts a service whose output is shown prefixed with its name (colourless unless a terminal). */
function run(
  key: ServiceKey | 'extension',
  port: number | undefined,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  options: { show?: (line: string) => boolean; exitIsSuccess?: boolean } = {},
): Service & { done: Promise<void> } {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, ...(color ? {} : { FORCE_COLOR: '0', NO_COLOR: '1' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so stopping it stops what it started (npm's build, Vite's workers).
    detached: true,
  })
  const label = key === 'extension' ? 'extension' : SERVICES[key].name
  const output: string[] = []
  const forward = (stream: NodeJS.WriteStream) => (data: Buffer) => {
    for (const raw of data.toString().split('\n')) {
      const line = color ? raw : stripAnsi(raw)
      if (line.trim()) {
        output.push(line)
        if (output.length > 200) {
          output.shift()
        }
        if (options.show?.(line) ?? true) {
          stream.write(`${dim(`[${label}]`)} ${line}\n`)
        }
      }
    }
  }
  child.stdout?.on('data', forward(process.stdout))
  child.stderr?.on('data', forward(process.stderr))
  let finish: () => void = () => undefined
  const done = new Promise<void>((resolveDone) => (finish = resolveDone))
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new ServiceFailure(`${label}: ${error.message}`)))
    child.once('exit', (code) => {
      if (options.exitIsSuccess && code === 0) {
        finish()
      } else if (!stopping) {
        reject(new ServiceFailure(failureMessage(key, port, output, code)))
      }
    })
  })
  exited.catch(() => undefined)
  const service = { child, exited, output, done }
  services.push(service)
  return service
}

/** Waits for `ready`, failing as soon as the service's process exits. */
async function readyOrFailed(service: Service, ready: Promise<void>, what: string): Promise<void> {
  try {
    await Promise.race([ready, service.exited])
  } catch (error) {
    if (error instanceof ServiceFailure) {
      throw error
    }
    throw new ServiceFailure(`${what}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function stopAll(exitCode: number): never {
  stopping = true
  for (const { child } of services) {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        child.kill('SIGTERM')
      }
    }
  }
  process.exit(exitCode)
}

async function main(): Promise<void> {
  process.once('SIGINT', () => stopAll(0))
  process.once('SIGTERM', () => stopAll(0))

  const read = readStartConfig(process.env)
  if (!read.ok) {
    throw new ServiceFailure(read.problems.join('\n  '))
  }
  const config = read.config
  const keys = Object.keys(SERVICES) as ServiceKey[]

  step(
    `Checking ports: ${keys.map((key) => `${SERVICES[key].name} ${config.ports[key]}`).join(', ')}`,
  )
  const taken: string[] = []
  for (const key of keys) {
    if (!(await isPortFree(config.ports[key]))) {
      taken.push(portInUseMessage(key, config.ports[key]))
    }
  }
  if (taken.length > 0) {
    throw new ServiceFailure(taken.join('\n  '))
  }

  step(`Starting the relay on ${config.relayUrl}`)
  const relay = run(
    'relay',
    config.ports.relay,
    bin('tsx'),
    ['src/server.ts'],
    join(repoRoot, 'relay'),
    {
      PORT: String(config.ports.relay),
      LOG_LEVEL: 'warn',
      INKMARK_APP_URL: config.webappUrl,
      INKMARK_WEB_ORIGINS: webOrigins(config),
      // Local development reads confirmation and reset links at GET /dev/outbox. The relay allows
      // the outbox only on loopback, so a HOST beyond it stops here with a message.
      INKMARK_DEV_OUTBOX: '1',
      // The whole path from pricing to checkout and cancellation works locally with the test
      // payment provider (its checkout page says no money moves); an operator's own choice wins.
      INKMARK_BILLING_PROVIDER: process.env.INKMARK_BILLING_PROVIDER ?? 'test',
    },
  )
  step(`Starting the misc server on ${config.miscUrl} (the relay's accounts)`)
  const misc = run(
    'misc',
    config.ports.misc,
    bin('tsx'),
    ['src/misc-server.ts'],
    join(repoRoot, 'relay'),
    {
      MISC_PORT: String(config.ports.misc),
      LOG_LEVEL: 'warn',
      INKMARK_APP_URL: config.webappUrl,
      INKMARK_WEB_ORIGINS: webOrigins(config),
    },
  )
  step(`Starting the web app on ${config.webappUrl} (talking to ${config.relayUrl})`)
  // --strictPort: Vite would otherwise move to another port without a word.
  const webapp = run(
    'webapp',
    config.ports.webapp,
    bin('vite'),
    [
      ...['--host', '127.0.0.1', '--port', String(config.ports.webapp)],
      ...['--strictPort', '--clearScreen', 'false'],
    ],
    join(repoRoot, 'webapp'),
    // The web app talks to this relay and misc server, and its Content Security Policy allows
    // exactly them.
    { VITE_RELAY_URL: config.relayUrl, VITE_MISC_URL: config.miscUrl },
  )
  // The site as it is published: prerendered pages from a build with this run's addresses, served
  // by the site server (headers, route rules, 404 page), not a dev server.
  step(`Building the site (prerendered) for ${config.siteUrl}`)
  const siteBuild = run(
    'site',
    undefined,
    'npm',
    ['run', 'build'],
    join(repoRoot, 'site'),
    siteBuildEnv(config),
    { show: (line) => /Prerendered|error|Error|cannot publish/.test(line), exitIsSuccess: true },
  )
  const siteServed = readyOrFailed(siteBuild, siteBuild.done, 'site build').then(() => {
    step(`Serving the site on ${config.siteUrl}`)
    const site = run(
      'site',
      config.ports.site,
      bin('tsx'),
      ['server/serve.ts'],
      join(repoRoot, 'site'),
      { ...siteBuildEnv(config), SITE_PORT: String(config.ports.site), HOST: '127.0.0.1' },
    )
    return readyOrFailed(site, waitForUrl(config.siteUrl), 'site')
  })

  step(
    `Building the extension for Chrome/Edge and Firefox, ${config.relayUrl} built in (about a minute)`,
  )
  const extension = run(
    'extension',
    undefined,
    'npm',
    ['run', 'build'],
    join(repoRoot, 'extension'),
    { PLASMO_PUBLIC_RELAY_URL: config.relayUrl, PLASMO_PUBLIC_WEBAPP_URL: config.webappUrl },
    // Plasmo's own progress lines only: which browser it builds, and when it is done.
    { show: (line) => /Building for target|DONE|ERROR/i.test(line), exitIsSuccess: true },
  )
  const heartbeat = setInterval(() => {
    if (extension.child.exitCode === null) {
      step('Still building the extension…')
    }
  }, 10_000)
  const built = readyOrFailed(extension, extension.done, 'extension').then(() =>
    step(green('Extension built')),
  )
  try {
    await Promise.all([
      built,
      readyOrFailed(relay, waitForUrl(`${config.relayUrl}/health`), 'relay').then(() =>
        step(green(`Relay ready at ${config.relayUrl}`)),
      ),
      readyOrFailed(misc, waitForUrl(`${config.miscUrl}/health`), 'misc server').then(() =>
        step(green(`Misc server ready at ${config.miscUrl}`)),
      ),
      readyOrFailed(webapp, waitForUrl(config.webappUrl), 'web app').then(() =>
        step(green(`Web app ready at ${config.webappUrl}`)),
      ),
      siteServed.then(() => step(green(`Site ready at ${config.siteUrl}`))),
    ])
  } finally {
    clearInterval(heartbeat)
  }

  const extensionBuild = join(repoRoot, 'extension/build')
  console.log(`
${bold('Inkmark is running.')} Press Ctrl+C to stop.

  Relay      ${config.relayUrl}   (health: ${config.relayUrl}/health)
  Misc       ${config.miscUrl}   (page content, PDFs, Notion, Capacities)
  Web app    ${config.webappUrl}
  Site       ${config.siteUrl}

  Extension, unpacked (its built-in relay: ${config.relayUrl}):
    Chrome / Edge  ${join(extensionBuild, 'chrome-mv3-prod')}
                   chrome://extensions -> Developer mode -> Load unpacked
    Firefox        ${join(extensionBuild, 'firefox-mv3-prod')}
                   about:debugging#/runtime/this-firefox -> Load Temporary Add-on -> manifest.json
`)

  // A service that stops later stops the rest too, with its reason.
  running = true
  await Promise.race(services.map((service) => service.exited))
}

main().catch((error: unknown) => {
  const message =
    error instanceof ServiceFailure
      ? error.message
      : `unexpected error: ${error instanceof Error ? error.message : String(error)}`
  console.error(`${red(running ? 'Inkmark stopped:' : 'Inkmark could not start:')}\n  ${message}`)
  stopAll(1)
})
