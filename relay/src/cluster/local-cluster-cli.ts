// `npm run start:cluster`: the relay cluster on this machine (local-cluster.ts): PostgreSQL, three
// relay instances and HAProxy on one address (INKMARK_CLUSTER_PORT, 8787 by default, where the web
// app and the extension look for the relay). Options: --instances N, --port P (0: any free port),
// --relay-bundle FILE (run a bundle of relay/src/server.ts instead of tsx), --postgres-setting
// name=value (repeatable; e.g. shared_preload_libraries=pg_stat_statements for a benchmark).
//
// Tests and benchmarks drive it: it prints one JSON line per event on stdout ({"event":"ready",
// "url", "instanceUrls", "databaseUrl", "pids"} first) and takes commands on stdin, one per line:
// `kill N`, `stop N`, `start N` (instances counted from 0), `restart-database`, `pids`, `close`.
// Each command is answered by a JSON line ({"event":"done","command":...} or {"event":"error"}).
import { createInterface } from 'node:readline'
import { HAPROXY, startLocalCluster, type LocalCluster } from './local-cluster'
import { existsSync } from 'node:fs'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback
}

function say(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`)
}

async function run(cluster: LocalCluster, line: string): Promise<void> {
  const [command, argument] = line.trim().split(/\s+/)
  const index = Number(argument)
  const instance = () => {
    if (!Number.isInteger(index) || index < 0 || index >= cluster.instanceUrls.length) {
      throw new Error(`No instance ${argument ?? ''}`)
    }
    return index
  }
  switch (command) {
    case 'kill':
      await cluster.kill(instance())
      break
    case 'stop':
      await cluster.stop(instance())
      break
    case 'start':
      await cluster.start(instance())
      break
    case 'restart-database':
      await cluster.restartDatabase()
      break
    case 'pids':
      break
    case 'close':
      await cluster.close()
      say({ event: 'closed' })
      process.exit(0)
      break
    default:
      throw new Error(`Unknown command: ${line}`)
  }
  say({ event: 'done', command: line.trim(), pids: cluster.pids() })
}

async function main(): Promise<void> {
  if (!existsSync(HAPROXY)) {
    throw new Error('HAProxy is missing: install it with `sudo apt-get install -y haproxy`')
  }
  const instances = Number(option('instances', '3'))
  const port = Number(option('port', process.env.INKMARK_CLUSTER_PORT ?? '8787'))
  const bundle = option('relay-bundle', '')
  const postgresSettings = process.argv.flatMap((arg, index) =>
    arg === '--postgres-setting' && process.argv[index + 1] ? [process.argv[index + 1]!] : [],
  )
  const cluster = await startLocalCluster({
    instances,
    port,
    ...(bundle ? { relayBundle: bundle } : {}),
    postgresSettings,
    logTo: (instance, line) =>
      process.stderr.write(`${instance < 0 ? 'haproxy' : `relay${instance + 1}`}: ${line}\n`),
  })
  say({
    event: 'ready',
    url: cluster.url,
    instanceUrls: cluster.instanceUrls,
    databaseUrl: cluster.databaseUrl,
    pids: cluster.pids(),
  })
  process.stderr.write(
    `Inkmark relay cluster: ${instances} instances behind ${cluster.url} (HAProxy), PostgreSQL at ${cluster.databaseUrl}. Ctrl-C stops it all.\n`,
  )
  let queue = Promise.resolve()
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === '') {
      return
    }
    queue = queue.then(() =>
      run(cluster, line).catch((error: unknown) =>
        say({ event: 'error', command: line.trim(), message: String(error) }),
      ),
    )
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cluster.close().then(() => process.exit(0))
    })
  }
}

main().catch((error: unknown) => {
  console.error(
    'The relay cluster could not start:',
    error instanceof Error ? error.message : error,
  )
  process.exit(1)
})
