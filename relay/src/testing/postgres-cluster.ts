// A throwaway PostgreSQL server for tests, so the PostgreSQL storage is tested against the real
// thing rather than a mock. Each call creates a fresh cluster with Debian's `postgresql` binaries
// (the newest /usr/lib/postgresql/<version>/bin) in a new temp dir, starts it on 127.0.0.1 and a
// free port, and creates one database; `stop()` kills the server and deletes the dir.
//
// Notes:
// - Requires the `postgresql` package (`apt-get install postgresql`; CI installs it). Without it
//   this throws instead of skipping, so a missing server never passes as green.
// - initdb and postgres refuse to run as root: as root we run them as the `postgres` OS user
//   (`runuser -u postgres --`) and hand the temp dir to that user.
// - Trust auth, fsync/full_page_writes/synchronous_commit off: fast, and only for throwaway data.
//   The server listens on 127.0.0.1 only, its Unix socket lives in the temp dir.
// - Startup (initdb + start + createdb) takes about 1–2 s; start one cluster per test file and give
//   each test its own database (CREATE DATABASE is cheap) rather than a cluster per test.
// - If the test process exits without `stop()`, an exit hook still stops the server (best effort).
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

const POSTGRES_ROOT = '/usr/lib/postgresql'
const DATABASE = 'inkmark_test'
const START_ATTEMPTS = 3

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** Connection string of the test database, as the `postgres` superuser. */
  connectionString: string
  /**
   * Stops the server at once (as a crash would: `-m immediate`) and starts it again on the same
   * data and port: every connection is dropped, committed data stays.
   */
  restart(): Promise<void>
  /** Stops the server and deletes its files. Safe to call twice. */
  stop(): Promise<void>
}

/** The bin dir of the newest installed PostgreSQL version; throws if there is none. */
function findPostgresBin(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const bin = join(POSTGRES_ROOT, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) {
      return bin
    }
  }
  throw new Error(
    `PostgreSQL is not installed (no ${POSTGRES_ROOT}/<version>/bin/initdb); ` +
      'install it with `apt-get install postgresql` to run the PostgreSQL tests.',
  )
}

/** A TCP port that was free a moment ago (bind port 0, read it, close). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') {
          resolve(address.port)
        } else {
          reject(new Error('Could not read the port of a probe server'))
        }
      })
    })
  })
}

/** The environment for the server tools, without PG* variables that could redirect them. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')))
}

/** Starts a fresh PostgreSQL cluster with one empty database; see the module notes. */
export async function startPostgresCluster(
  options: {
    /**
     * Commit only once the WAL is written (to the OS: fsync stays off, the machine does not
     * crash), so that a restart loses no acknowledged write (the cluster fault tests, ADR 085).
     */
    synchronousCommit?: boolean
    /** More server settings (`name=value`), e.g. `shared_preload_libraries=pg_stat_statements`. */
    settings?: string[]
  } = {},
): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  const asRoot = process.getuid?.() === 0
  const dir = await mkdtemp(join(tmpdir(), 'inkmark-pg-'))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'postgres.log')
  const env = cleanEnv()

  /** Runs a server binary, as the postgres user when we are root. */
  const asServerUser = (tool: string, args: string[]) => {
    const [file, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args]
    // cwd: the server user may not be allowed into the test's working directory.
    return run(file, fullArgs, { cwd: dir, env })
  }
  const stopServer = () =>
    asServerUser('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']).then(
      () => undefined,
      () => undefined,
    )

  let running = false
  const stopOnExit = () => {
    if (!running) {
      return
    }
    const args = ['stop', '-D', dataDir, '-m', 'immediate', '-w']
    try {
      if (asRoot) {
        execFileSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], {
          cwd: dir,
          env,
          stdio: 'ignore',
        })
      } else {
        execFileSync(join(bin, 'pg_ctl'), args, { cwd: dir, env, stdio: 'ignore' })
      }
    } catch {
      // Best effort: the process is exiting anyway.
    }
    rmSync(dir, { recursive: true, force: true })
  }

  try {
    if (asRoot) {
      await run('chown', ['postgres:postgres', dir])
    }
    await asServerUser('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ])

    let port = 0
    let serverOptions = ''
    /** Starts the server on `serverOptions`, waiting up to `seconds` for it to accept connections. */
    const startServer = (seconds: number) =>
      asServerUser('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        String(seconds),
        '-o',
        serverOptions,
      ])
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort()
      serverOptions = [
        '-c listen_addresses=127.0.0.1',
        `-c port=${port}`,
        `-c unix_socket_directories=${dir}`,
        '-c fsync=off',
        `-c synchronous_commit=${options.synchronousCommit === true ? 'on' : 'off'}`,
        '-c full_page_writes=off',
        ...(options.settings ?? []).map((setting) => `-c ${setting}`),
      ].join(' ')
      try {
        await startServer(30)
        running = true
        process.once('exit', stopOnExit)
        break
      } catch (error) {
        const log = await readFile(logFile, 'utf8').catch(() => '')
        // Someone took the port between the probe and the start: try another one.
        if (attempt < START_ATTEMPTS && /could not bind|address already in use/i.test(log)) {
          await stopServer()
          continue
        }
        throw new Error(`pg_ctl start failed: ${String(error)}\n${log.slice(-2000)}`, {
          cause: error,
        })
      }
    }

    await run(
      join(bin, 'createdb'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', DATABASE],
      {
        env,
      },
    )

    let stopped: Promise<void> | undefined
    return {
      connectionString: `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`,
      async restart() {
        await asServerUser('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w'])
        await startServer(60)
      },
      stop() {
        stopped ??= (async () => {
          process.removeListener('exit', stopOnExit)
          await stopServer()
          running = false
          await rm(dir, { recursive: true, force: true })
        })()
        return stopped
      },
    }
  } catch (error) {
    process.removeListener('exit', stopOnExit)
    if (running) {
      await stopServer()
    }
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
