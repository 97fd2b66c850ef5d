// `npm start`: runs Inkmark on this machine. Starts the relay (on its embedded store), the web app
// and the site, builds the extension for Chrome/Edge and Firefox, waits until each answers, and
// prints every address and where the unpacked extension is. Ctrl+C stops everything. The web app's
// and the site's dev servers send the apps' security headers (their Vite configs, ADR 032).
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitForUrl } from './wait-for-url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name)

const RELAY_PORT = Number(process.env.PORT ?? 8787)
const WEBAPP_PORT = 5173
const SITE_PORT = 5174

const children: ChildProcess[] = []

function run(label: string, command: string, args: string[], cwd: string, env = {}): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = `[${label}] `
  const forward = (stream: NodeJS.WriteStream) => (data: Buffer) => {
    for (const line of data.toString().split('\n')) {
      if (line.trim()) {
        stream.write(prefix + line + '\n')
      }
    }
  }
  child.stdout?.on('data', forward(process.stdout))
  child.stderr?.on('data', forward(process.stderr))
  children.push(child)
  return child
}

function finished(child: ChildProcess, label: string): Promise<void> {
  return new Promise((resolveDone, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolveDone() : reject(new Error(`${label} failed with exit code ${code}`)),
    )
  })
}

function stopAll(exitCode: number): never {
  for (const child of children) {
    child.kill('SIGTERM')
  }
  process.exit(exitCode)
}

async function main(): Promise<void> {
  process.once('SIGINT', () => stopAll(0))
  process.once('SIGTERM', () => stopAll(0))

  run('relay', bin('tsx'), ['src/server.ts'], join(repoRoot, 'relay'), {
    PORT: String(RELAY_PORT),
    LOG_LEVEL: 'warn',
    // Local development reads confirmation and reset links at GET /dev/outbox. The relay allows
    // the outbox only on loopback, so a HOST beyond it stops here with a message.
    INKMARK_DEV_OUTBOX: '1',
  })
  // The web app talks to this relay, and its Content Security Policy allows exactly it.
  run('webapp', bin('vite'), ['--port', String(WEBAPP_PORT)], join(repoRoot, 'webapp'), {
    VITE_RELAY_URL: `http://127.0.0.1:${RELAY_PORT}`,
  })
  run('site', bin('vite'), ['--port', String(SITE_PORT)], join(repoRoot, 'site'))
  const extension = finished(
    run('extension', 'npm', ['run', 'build'], join(repoRoot, 'extension')),
    'The extension build',
  )

  const relayUrl = `http://127.0.0.1:${RELAY_PORT}`
  const webappUrl = `http://127.0.0.1:${WEBAPP_PORT}`
  const siteUrl = `http://127.0.0.1:${SITE_PORT}`
  await Promise.all([
    waitForUrl(`${relayUrl}/health`),
    waitForUrl(webappUrl),
    waitForUrl(siteUrl),
    extension,
  ])

  const extensionBuild = join(repoRoot, 'extension/build')
  console.log(`
Inkmark is running. Press Ctrl+C to stop.

  Relay      ${relayUrl}   (health: ${relayUrl}/health)
  Web app    ${webappUrl}
  Site       ${siteUrl}

  Extension, unpacked:
    Chrome / Edge  ${join(extensionBuild, 'chrome-mv3-prod')}
                   chrome://extensions -> Developer mode -> Load unpacked
    Firefox        ${join(extensionBuild, 'firefox-mv3-prod')}
                   about:debugging#/runtime/this-firefox -> Load Temporary Add-on -> manifest.json
`)
}

main().catch((error: unknown) => {
  console.error(
    `Inkmark could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
  stopAll(1)
})
