// The HTTP side of sync: every call carries the bearer token and the wh-timezone, wh-browser-type
// and wh-app-type headers; an unreachable main server falls back to the backup server, and only
// when every server is unreachable does a call fail with 'Server is not reachable'. Failures come
// back as typed errors (413 payload too large, 401 auth, 402, 400, others with the server's
// message, 429 rate limited with its Retry-After, 507 quota exceeded) so the sync engine can
// branch on them without parsing text. Calls that carry a password or a reset token (sign-in,
// registration, password change and reset, account deletion) never fall back: they go to the main
// server only (or to `credentialServers` when the caller names ones it trusts as much), since a
// backup address comes from a GET /config answer and must not receive credentials.
import { Message } from '../domain/messages'
import { parseRetryAfter } from './sync-backoff'

/** What the relay client needs from its environment. */
export interface RelayClientOptions {
  /** Main server first, then the backup servers. */
  servers: () => readonly string[]
  /**
   * The servers a credential call (`isCredentialPath`) may use, in order; the main server of
   * `servers()` only by default. Name only servers as trusted as the main one (the build's own).
   */
  credentialServers?: () => readonly string[]
  getToken: () => string | undefined
  fetch?: typeof fetch
  timeZone?: () => string
  browserType: string
  appType: string
}

/** Per-call options of `RelayClient.request`. */
export interface RelayRequestOptions {
  /** Only the main server (or the credential servers) is tried: no backup fallback. */
  mainServerOnly?: boolean
  /** The call outlives the page (fetch keepalive): a record sent as the tab closes. */
  keepalive?: boolean
}

/** The calls that carry a password or a reset token: never sent to a backup server. */
export const CREDENTIAL_PATHS: readonly string[] = [
  '/auth',
  '/users/register',
  '/users/change-password',
  '/password-reset',
  '/users/delete',
]

/** Whether `path` (its query ignored) is one of the credential calls. */
export function isCredentialPath(path: string): boolean {
  const bare = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '')
  return CREDENTIAL_PATHS.includes(bare)
}

/** Why a call failed. */
export const RelayErrorKind = {
  UNREACHABLE: 'unreachable',
  PAYLOAD_TOO_LARGE: 'payload-too-large',
  UNAUTHORIZED: 'unauthorized',
  PAYMENT_REQUIRED: 'payment-required',
  BAD_REQUEST: 'bad-request',
  RATE_LIMITED: 'rate-limited',
  QUOTA_EXCEEDED: 'quota-exceeded',
  FAILED: 'failed',
} as const
export type RelayErrorKind = (typeof RelayErrorKind)[keyof typeof RelayErrorKind]

/** A failed relay call. `code` is the relay's error code when it sent one. */
export class RelayCallError extends Error {
  constructor(
    readonly kind: RelayErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: string,
    /** How long the relay asked to wait (429 Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'RelayCallError'
  }

  /** True for business errors the user can act on (4xx other than auth). */
  get isBusinessError(): boolean {
    return this.kind === RelayErrorKind.BAD_REQUEST || this.kind === RelayErrorKind.PAYMENT_REQUIRED
  }
}

function kindOfStatus(status: number): RelayErrorKind {
  switch (status) {
    case 413:
      return RelayErrorKind.PAYLOAD_TOO_LARGE
    case 401:
      return RelayErrorKind.UNAUTHORIZED
    case 402:
      return RelayErrorKind.PAYMENT_REQUIRED
    case 400:
      return RelayErrorKind.BAD_REQUEST
    case 429:
      return RelayErrorKind.RATE_LIMITED
    case 507:
      return RelayErrorKind.QUOTA_EXCEEDED
    default:
      return RelayErrorKind.FAILED
  }
}

async function errorOf(response: Response): Promise<RelayCallError> {
  const text = await response.text().catch(() => '')
  let message = response.statusText || `HTTP ${response.status}`
  let code: string | undefined
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown }
    if (typeof body.message === 'string') {
      message = body.message
    }
    if (typeof body.code === 'string') {
      code = body.code
    }
  } catch {
    if (text.trim() !== '') {
      message = text.trim().slice(0, 500)
    }
  }
  if (response.status === 413) {
    message = Message.PAYLOAD_TOO_LARGE
  }
  const retryAfterMs =
    response.status === 429
      ? parseRetryAfter(response.headers.get('retry-after'), Date.now())
      : undefined
  return new RelayCallError(
    kindOfStatus(response.status),
    message,
    response.status,
    code,
    retryAfterMs,
  )
}

/** A JSON client of the relay with server fallback. */
export class RelayClient {
  private readonly fetchImpl: typeof fetch

  constructor(private readonly options: RelayClientOptions) {
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
  }

  /** The headers every call carries. */
  headers(): Record<string, string> {
    const token = this.options.getToken()
    return {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'wh-timezone': this.options.timeZone?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      'wh-browser-type': this.options.browserType,
      'wh-app-type': this.options.appType,
    }
  }

  /** The servers a call tries, in order: the main one only for credential calls. */
  private serversFor(path: string, options: RelayRequestOptions): readonly string[] {
    if (!options.mainServerOnly && !isCredentialPath(path)) {
      return this.options.servers()
    }
    if (this.options.credentialServers) {
      return this.options.credentialServers()
    }
    return this.options.servers().slice(0, 1)
  }

  /** Calls `path` on the first reachable server and parses its JSON answer. */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RelayRequestOptions = {},
  ): Promise<T> {
    const servers = this.serversFor(path, options)
    if (servers.length === 0) {
      throw new RelayCallError(RelayErrorKind.UNREACHABLE, 'The backend URL is missing')
    }
    for (const server of servers) {
      let response: Response
      try {
        response = await this.fetchImpl(`${server.replace(/\/$/, '')}${path}`, {
          method,
          headers: {
            ...this.headers(),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(options.keepalive === true ? { keepalive: true } : {}),
        })
      } catch {
        continue
      }
      if (!response.ok) {
        throw await errorOf(response)
      }
      if (response.status === 204) {
        return undefined as T
      }
      return (await response.json()) as T
    }
    throw new RelayCallError(RelayErrorKind.UNREACHABLE, Message.SERVER_NOT_REACHABLE)
  }
}
