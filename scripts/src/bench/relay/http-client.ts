// The load generator's HTTP client: node:http on keep-alive connections, the lightest client Node
// has (no fetch streams), so the generator leaves as much of the machine as it can to the server.
// A request's latency runs from sending it to the last byte of the answer.
import { Agent, request } from 'node:http'

export interface HttpResponse {
  status: number
  /** The answer's bytes, left undecoded: decoding costs the load generator time. */
  body: Buffer
  /** From the request being sent to the last byte of the answer. */
  ms: number
}

export interface HttpRequest {
  agent: Agent
  origin: URL
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: Buffer
  /** The source address of the connection (any 127.x.y.z on loopback); the agent's when unset. */
  localAddress?: string
  /** Gives up (rejects) after this long without an answer. */
  timeoutMs: number
}

/** A keep-alive agent: one per simulated device, at most `sockets` connections. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets })
}

/** Sends one request; resolves with the answer whatever its status, rejects on a network error. */
export function send(options: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers }
    if (options.body) {
      headers['content-type'] = 'application/json'
      headers['content-length'] = options.body.length
    }
    const started = performance.now()
    const outgoing = request(
      {
        agent: options.agent,
        host: options.origin.hostname,
        port: options.origin.port,
        method: options.method,
        path: options.path,
        headers,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
            ms: performance.now() - started,
          })
        })
      },
    )
    outgoing.setTimeout(options.timeoutMs, () => {
      outgoing.destroy(new Error(`no answer in ${options.timeoutMs} ms`))
    })
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}
