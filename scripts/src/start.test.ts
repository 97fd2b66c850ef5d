// `npm start` itself, run as a person runs it: with a port that something else holds it names the
// service and the variable to set, starts nothing, and exits non-zero (it stops at the port check,
// before any build, so this stays fast).
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** A server holding a port on loopback until closed. */
function holdPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolveHeld, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolveHeld({ port: typeof address === 'object' && address ? address.port : 0, server })
    })
  })
}

/** Runs `npm start`'s script with `env`; resolves its exit code and output. */
function runStart(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts/src/start.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()))
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolveRun({ code, stdout, stderr }))
  })
}

describe('npm start', () => {
  const held: Server[] = []
  afterEach(async () => {
    await Promise.all(held.splice(0).map((server) => new Promise((done) => server.close(done))))
  })

  it('fails with the service and the variable when a port is taken, without colour codes', async () => {
    const taken = await holdPort()
    held.push(taken.server)
    const free = await holdPort()
    const other = await holdPort()
    // Free again, for the check to find them free.
    await new Promise((done) => free.server.close(done))
    await new Promise((done) => other.server.close(done))

    const result = await runStart({
      RELAY_PORT: String(free.port),
      WEBAPP_PORT: String(taken.port),
      SITE_PORT: String(other.port),
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`web app: port ${taken.port} is in use; set WEBAPP_PORT`)
    expect(result.stdout).not.toContain('Inkmark is running')
    expect(result.stdout).toContain('Checking ports')
    // Not a terminal here: no ANSI codes.
    expect(result.stdout + result.stderr).not.toContain('\u001b[')
  }, 60_000)

  it('names a bad port variable', async () => {
    const result = await runStart({ SITE_PORT: 'abc' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('site: SITE_PORT=abc is not a port')
  }, 60_000)
})
