// A TCP proxy on loopback between a relay instance and its PostgreSQL, so a test can make the
// database misbehave for that instance alone: `cut()` drops every connection and refuses new
// ones (a restart, a network failure), `freeze()` keeps connections open but passes nothing on
// (a database that stops answering), `restore()` lets traffic through again.
import { createServer, connect, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number
  /** `connectionString` with its host and port replaced by the proxy's. */
  through(connectionString: string): string
  cut(): void
  freeze(): void
  restore(): void
  close(): Promise<void>
}

/** Starts a proxy to `targetHost`:`targetPort`. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'frozen' = 'open'
  const pairs = new Set<[Socket, Socket]>()
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy()
      return
    }
    const upstream = connect(targetPort, targetHost)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const forget = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', forget).on('close', forget)
    upstream.on('error', forget).on('close', forget)
    // While frozen, data is held back (not lost): the connection just stops answering.
    const held: [Socket, Buffer][] = []
    const pass = (to: Socket) => (chunk: Buffer) => {
      if (mode === 'frozen') {
        held.push([to, chunk])
      } else {
        to.write(chunk)
      }
    }
    client.on('data', pass(upstream))
    upstream.on('data', pass(client))
    heldQueues.add(held)
    client.once('close', () => heldQueues.delete(held))
  })
  const heldQueues = new Set<[Socket, Buffer][]>()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    through(connectionString) {
      const url = new URL(connectionString)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    cut() {
      mode = 'cut'
      for (const [client, upstream] of [...pairs]) {
        client.destroy()
        upstream.destroy()
      }
      pairs.clear()
    },
    freeze() {
      mode = 'frozen'
    },
    restore() {
      mode = 'open'
      for (const held of heldQueues) {
        for (const [to, chunk] of held.splice(0)) {
          if (!to.destroyed) {
            to.write(chunk)
          }
        }
      }
    },
    async close() {
      mode = 'cut'
      for (const [client, upstream] of [...pairs]) {
        client.destroy()
        upstream.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
