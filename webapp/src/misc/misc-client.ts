// The web app's calls to the misc server (docs/adr/065): fetching a page's content, printing a
// PDF, Notion and Capacities. Its address is VITE_MISC_URL at build time; a build without one has
// no misc service, and the features that need it are not offered (MISC_ADDRESS undefined). Each
// call carries the signed-in person's login token (the relay's: the misc server shares its
// accounts) and the wh-* headers; failures are MiscCallErrors with the server's code and message.
import { Message, checkRelayAddress } from '@inkmark/shared'
import { readStoredToken } from '../account/account-storage'
import { toSession } from '../account/session-token'

/**
 * The misc server's origin, or undefined when this build has none (or its address is refused: plain
 * http beyond this computer would carry the login token in the clear).
 */
export function toMiscAddress(configured: string | undefined): string | undefined {
  const value = configured?.trim().replace(/\/+$/, '') ?? ''
  if (value === '') {
    return undefined
  }
  const checked = checkRelayAddress(value)
  return checked.ok ? checked.url : undefined
}

export const MISC_ADDRESS: string | undefined = toMiscAddress(
  import.meta.env.VITE_MISC_URL as string | undefined,
)

/** A failed misc call: the HTTP status (0 when unreachable), the server's code and message. */
export class MiscCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'MiscCallError'
  }
}

/** The code of a call that never reached the server (offline, no misc server). */
export const UNREACHABLE_CODE = 'UNREACHABLE'
/** The code of a call made signed out (no token to send). */
export const SIGNED_OUT_CODE = 'UNAUTHORIZED'

export interface MiscCallInit {
  method: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

async function errorOf(response: Response): Promise<MiscCallError> {
  const text = await response.text().catch(() => '')
  let code = `HTTP_${response.status}`
  let message = response.statusText || `The server answered ${response.status}`
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown }
    if (typeof body.code === 'string') {
      code = body.code
    }
    if (typeof body.message === 'string') {
      message = body.message
    }
  } catch {
    // Not our JSON (a proxy's page): the status says enough.
  }
  return new MiscCallError(response.status, code, message)
}

async function send(
  path: string,
  init: MiscCallInit,
  login: 'required' | 'when-signed-in' = 'required',
): Promise<Response> {
  if (MISC_ADDRESS === undefined) {
    throw new MiscCallError(0, UNREACHABLE_CODE, Message.SERVER_NOT_REACHABLE)
  }
  const session = toSession(readStoredToken(), Date.now())
  if (session === null && login === 'required') {
    throw new MiscCallError(401, SIGNED_OUT_CODE, 'Sign in to use this.')
  }
  const headers: Record<string, string> = {
    ...(session === null ? {} : { authorization: `Bearer ${session.token}` }),
    'wh-timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    'wh-browser-type': 'web',
    'wh-app-type': 'webapp',
    ...init.headers,
  }
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
  }
  let response: Response
  try {
    response = await fetch(`${MISC_ADDRESS}${path}`, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    })
  } catch (error) {
    if (init.signal?.aborted) {
      throw error
    }
    throw new MiscCallError(0, UNREACHABLE_CODE, Message.SERVER_NOT_REACHABLE)
  }
  if (!response.ok) {
    throw await errorOf(response)
  }
  return response
}

/** A JSON call to the misc server as the signed-in person. */
export async function callMisc<T>(path: string, init: MiscCallInit): Promise<T> {
  const response = await send(path, init)
  return (await response.json()) as T
}

/**
 * A JSON call to one of the misc server's free tools (`/tools/*`, no account needed): the login
 * token goes along when there is one (the server then counts the call against the account too).
 */
export async function callMiscTool<T>(path: string, init: MiscCallInit): Promise<T> {
  const response = await send(path, init, 'when-signed-in')
  return (await response.json()) as T
}

/** A call whose answer is a file (a PDF): the bytes and the file name the server gave. */
export async function callMiscBlob(
  path: string,
  init: MiscCallInit,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(path, init)
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  }
}

/** The file name of a Content-Disposition header (filename* first), if any. */
export function fileNameOf(header: string | null): string | undefined {
  if (header === null) {
    return undefined
  }
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1])
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1]
}
