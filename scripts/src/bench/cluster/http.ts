// The REST devices' HTTP client: node:http on keep-alive connections, timed from sending a request
// to the last byte of its answer. The same as relay/http-client.ts, which this folder may not
// import: ESLint's import boundaries read any `../relay/` path as the relay app.
import { request, type Agent } from 'node:http'

export interface HttpResponse {
  status: number
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
  /** Gives up (rejects) after this long without an answer. */
  timeoutMs: number
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
      },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('error', reject)
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks),
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
