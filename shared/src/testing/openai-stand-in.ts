// A STAND-IN for tests of an OpenAI-compatible endpoint: a real HTTP server on 127.0.0.1 that
// follows OpenAI's documented chat-completions API (platform.openai.com/docs/api-reference/chat):
// POST /v1/chat/completions answered as JSON or, with `stream: true`, as server-sent events
// (`data: {chat.completion.chunk}` ... a chunk with finish_reason, then `data: [DONE]`); errors as
// `{ error: { message, type, code } }` with the HTTP status; GET /v1/models; CORS with preflight so
// a page or an extension can call it. It is never a default anywhere in production. Each test
// scripts the next answers with `reply()`: text or chunks, an error status (with Retry-After), a
// slow first token, a stream dropped or held open mid-way, a required key.
//
// Node only (node:http); shared's compiler settings declare no Node types, so the few parts used
// are typed here and node:http is imported when a server starts (as fixtures-dir.ts does).
// tests/src/openai-stand-in.ts re-exports it for the end-to-end tests.

/** How the stand-in answers one chat-completions request. */
export interface OpenAiStandInScript {
  /** The whole answer; streamed word by word. */
  text?: string
  /** The answer as these stream chunks (deltas), exactly. */
  chunks?: string[]
  /** An error status instead of an answer, with OpenAI's error JSON. */
  status?: number
  /** Retry-After of an error answer: seconds, or an HTTP date as text. */
  retryAfter?: number | string
  /** The error's `code` and `message` (defaults follow the status). */
  errorCode?: string
  errorMessage?: string
  /** Waits this long before the first chunk (a slow model). */
  firstTokenDelayMs?: number
  /**
   * Cuts the connection after this many content chunks, mid-body (a dropped stream): the socket
   * is closed without the chunked body's end, as when a server process dies. (Closed, not reset:
   * a reset would make the client's kernel discard chunks it had received but not yet read.)
   */
  dropAfterChunks?: number
  /** Keeps the connection open without more chunks after this many, until the client leaves. */
  holdAfterChunks?: number
  /** Ends the stream cleanly but without the finishing chunk and [DONE] (a server that died). */
  omitFinish?: boolean
  /** The finishing chunk's finish_reason: 'length' when the model ran out of room (default stop). */
  finishReason?: 'stop' | 'length'
  /** Answers 401 unless the request carries `Authorization: Bearer <requireKey>`. */
  requireKey?: string
}

/** One request the stand-in received (preflights apart). */
export interface OpenAiStandInRequest {
  method: string
  path: string
  headers: Record<string, string>
  /** The parsed JSON body, or undefined without one. */
  body: unknown
}

/** Options of the server as a whole. */
export interface OpenAiStandInOptions {
  /** Every request (models too) needs `Authorization: Bearer <requireKey>`. */
  requireKey?: string
  /** The model ids GET /v1/models lists. */
  models?: string[]
  /** The answer when no script is queued. */
  defaultReply?: OpenAiStandInScript
}

/** A running stand-in. */
export interface OpenAiStandIn {
  /** The base URL, ending in /v1. */
  readonly url: string
  /** Requests received, oldest first. */
  readonly requests: OpenAiStandInRequest[]
  /** CORS preflights received (their Access-Control-Request-Headers). */
  readonly preflights: string[]
  /** The model ids GET /v1/models lists; tests may change it. */
  models: string[]
  /**
   * Cuts every stream held open by `holdAfterChunks` as a dying server would (mid-body), so a
   * test can drop a stream after the client has shown what came before.
   */
  dropHeld(): void
  /** Queues the answer to the next chat-completions request. */
  reply(script: OpenAiStandInScript): void
  /** Chat-completions requests received, for asserting what text went to the endpoint. */
  chatRequests(): { messages: { role: string; content: string }[]; model: string }[]
  close(): Promise<void>
}

/** The model the stand-in lists by default. */
export const OPENAI_STAND_IN_MODEL = 'stand-in-model'
/** The answer when a test queued none. */
export const OPENAI_STAND_IN_DEFAULT_TEXT = 'This is the stand-in endpoint answering.'

interface NodeRequest {
  method?: string
  url?: string
  headers: Record<string, string | string[] | undefined>
  on(event: 'data', listener: (chunk: Uint8Array) => void): void
  on(event: 'end', listener: () => void): void
}
interface NodeResponse {
  writeHead(status: number, headers?: Record<string, string>): NodeResponse
  write(chunk: string, callback?: () => void): boolean
  end(chunk?: string): void
  on(event: 'close', listener: () => void): void
  readonly writableEnded: boolean
  readonly socket: { destroy(): void; end(): void } | null
}
interface NodeServer {
  listen(port: number, host: string, listener: () => void): void
  address(): { port: number } | string | null
  close(listener: (error?: Error) => void): void
  closeAllConnections(): void
}
interface NodeHttp {
  createServer(listener: (request: NodeRequest, response: NodeResponse) => void): NodeServer
}

const NODE_HTTP = 'node:http'

/** Starts a stand-in endpoint on 127.0.0.1 and an ephemeral port. */
export async function startOpenAiStandIn(
  options: OpenAiStandInOptions = {},
): Promise<OpenAiStandIn> {
  const http = (await import(/* @vite-ignore */ NODE_HTTP)) as NodeHttp
  const queue: OpenAiStandInScript[] = []
  const requests: OpenAiStandInRequest[] = []
  const preflights: string[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const held = new Set<NodeResponse>()
  let completionCount = 0

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  const server = http.createServer((request, response) => {
    const origin = headerOf(request, 'origin')
    // Retry-After is not a CORS-safelisted response header: a page reads it only when exposed.
    const cors: Record<string, string> = {
      'access-control-allow-origin': origin === '' ? '*' : origin,
      'access-control-expose-headers': 'retry-after, retry-after-ms',
      vary: 'Origin',
    }
    if (request.method === 'OPTIONS') {
      const asked = headerOf(request, 'access-control-request-headers')
      preflights.push(asked)
      response
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': asked === '' ? 'authorization, content-type' : asked,
          'access-control-max-age': '600',
          // Chrome's Private Network Access asks this of a public site calling a local server.
          ...(headerOf(request, 'access-control-request-private-network') === 'true'
            ? { 'access-control-allow-private-network': 'true' }
            : {}),
        })
        .end()
      return
    }
    readBody(request)
      .then(async (raw) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/'
        const body = parseJson(raw)
        requests.push({
          method: request.method ?? 'GET',
          path,
          headers: flatHeaders(request),
          body,
        })
        if (request.method === 'GET' && path === '/v1/models') {
          if (!authorised(request, options.requireKey)) {
            sendError(response, cors, { status: 401 })
            return
          }
          sendJson(response, cors, 200, {
            object: 'list',
            data: standIn.models.map((id) => ({
              id,
              object: 'model',
              created: 0,
              owned_by: 'stand-in',
            })),
          })
          return
        }
        if (request.method === 'POST' && path === '/v1/chat/completions') {
          const script = queue.shift() ?? options.defaultReply ?? {}
          completionCount += 1
          await answerCompletion(
            request,
            response,
            cors,
            body,
            script,
            `chatcmpl-${completionCount}`,
          )
          return
        }
        sendError(response, cors, { status: 404, errorMessage: `Unknown path ${path}` })
      })
      .catch(() => response.socket?.destroy())
  })

  async function answerCompletion(
    request: NodeRequest,
    response: NodeResponse,
    cors: Record<string, string>,
    body: unknown,
    script: OpenAiStandInScript,
    id: string,
  ): Promise<void> {
    const requiredKey = script.requireKey ?? options.requireKey
    if (!authorised(request, requiredKey)) {
      sendError(response, cors, { status: 401 })
      return
    }
    if (script.status !== undefined && script.status >= 400) {
      sendError(response, cors, script)
      return
    }
    const { model = OPENAI_STAND_IN_MODEL, stream = false } = (body ?? {}) as {
      model?: string
      stream?: boolean
    }
    const chunks = script.chunks ?? wordChunks(script.text ?? OPENAI_STAND_IN_DEFAULT_TEXT)
    const created = 0
    if (!stream) {
      await wait(script.firstTokenDelayMs ?? 0)
      sendJson(response, cors, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: chunks.join('') },
            finish_reason: 'stop',
          },
        ],
      })
      return
    }
    let clientLeft = false
    response.on('close', () => {
      clientLeft = true
    })
    response.writeHead(200, {
      ...cors,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    })
    const event = (delta: object, finishReason: string | null): string =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      })}\n\n`
    // Each write is flushed before the next step, so a drop comes after what was sent.
    const send = (data: string): Promise<void> =>
      new Promise((resolve) => response.write(data, resolve))
    await send(event({ role: 'assistant', content: '' }, null))
    await wait(script.firstTokenDelayMs ?? 0)
    for (const [index, chunk] of chunks.entries()) {
      if (clientLeft) {
        return
      }
      if (index === script.dropAfterChunks) {
        response.socket?.end()
        return
      }
      if (index === script.holdAfterChunks) {
        // Held open: the client's abort, dropHeld() or close() ends it.
        held.add(response)
        response.on('close', () => held.delete(response))
        return
      }
      await send(event({ content: chunk }, null))
    }
    if (script.dropAfterChunks === chunks.length) {
      response.socket?.end()
      return
    }
    if (script.omitFinish === true) {
      response.end()
      return
    }
    await send(event({}, script.finishReason ?? 'stop'))
    response.end('data: [DONE]\n\n')
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0

  const standIn: OpenAiStandIn = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    preflights,
    models: [...(options.models ?? [OPENAI_STAND_IN_MODEL])],
    reply(script) {
      queue.push(script)
    },
    dropHeld() {
      for (const response of held) {
        response.socket?.end()
      }
      held.clear()
    },
    chatRequests() {
      return requests
        .filter((request) => request.path === '/v1/chat/completions')
        .map(
          (request) =>
            request.body as { messages: { role: string; content: string }[]; model: string },
        )
    },
    close() {
      for (const timer of timers) {
        clearTimeout(timer)
      }
      server.closeAllConnections()
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
  return standIn
}

const ERROR_DEFAULTS: Readonly<Record<number, { type: string; code: string; message: string }>> = {
  400: { type: 'invalid_request_error', code: 'invalid_request', message: 'Bad request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided.',
  },
  403: { type: 'invalid_request_error', code: 'forbidden', message: 'Not allowed.' },
  404: { type: 'invalid_request_error', code: 'not_found', message: 'Not found.' },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again later.',
  },
}

const CONTEXT_LENGTH_MESSAGE =
  "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens. Please reduce the length of the messages."

function sendError(
  response: NodeResponse,
  cors: Record<string, string>,
  script: Pick<OpenAiStandInScript, 'status' | 'retryAfter' | 'errorCode' | 'errorMessage'>,
): void {
  const status = script.status ?? 500
  const defaults = ERROR_DEFAULTS[status] ?? {
    type: 'server_error',
    code: 'server_error',
    message: 'The server had an error while processing your request.',
  }
  const code = script.errorCode ?? defaults.code
  const message =
    script.errorMessage ??
    (code === 'context_length_exceeded' ? CONTEXT_LENGTH_MESSAGE : defaults.message)
  const headers: Record<string, string> = { ...cors }
  if (script.retryAfter !== undefined) {
    headers['retry-after'] = String(script.retryAfter)
  }
  sendJson(response, headers, status, {
    error: { message, type: defaults.type, param: null, code },
  })
}

function sendJson(
  response: NodeResponse,
  headers: Record<string, string>,
  status: number,
  value: unknown,
): void {
  response
    .writeHead(status, { ...headers, 'content-type': 'application/json' })
    .end(JSON.stringify(value))
}

function authorised(request: NodeRequest, key: string | undefined): boolean {
  return key === undefined || headerOf(request, 'authorization') === `Bearer ${key}`
}

function headerOf(request: NodeRequest, name: string): string {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

function flatHeaders(request: NodeRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of Object.keys(request.headers)) {
    headers[name] = headerOf(request, name)
  }
  return headers
}

function readBody(request: NodeRequest): Promise<string> {
  return new Promise((resolve) => {
    const decoder = new TextDecoder()
    let text = ''
    request.on('data', (chunk) => {
      text += decoder.decode(chunk, { stream: true })
    })
    request.on('end', () => resolve(text + decoder.decode()))
  })
}

function parseJson(raw: string): unknown {
  if (raw === '') {
    return undefined
  }
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}

/** Splits `text` into word chunks that keep their following spaces, as models stream. */
function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? []
}
