// A fetch that records every call a device's relay client makes (method, path, request size,
// status or the network error), so tests can tell what went over the wire without a proxy.
export interface RecordedCall {
  method: string
  /** The origin called (main or backup server). */
  origin: string
  path: string
  headers: Record<string, string>
  bodyBytes: number
  /** The HTTP status, or 'error' when the call never got an answer. */
  status: number | 'error'
  /** Why the call got no answer. */
  error?: string
  /** Ids of the entities the call carried (writes only). */
  ids?: string[]
  /** Ids the relay answered as stored (writes only). */
  stored?: string[]
}

export interface RecordingFetch {
  fetch: typeof fetch
  calls: RecordedCall[]
  /** Runs before each call is sent (tests use it to kill the relay at a chosen moment). */
  beforeCall?: (call: RecordedCall) => void | Promise<void>
  /**
   * Runs once the answer is in, before the client sees it; if it throws, the client gets that
   * error instead of the answer (an answer lost on the way, as when the connection dies).
   */
  afterCall?: (call: RecordedCall) => void | Promise<void>
}

/** Wraps the global fetch. */
export function recordingFetch(): RecordingFetch {
  const recorder: RecordingFetch = {
    calls: [],
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const body = init?.body
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        bodyBytes: typeof body === 'string' ? Buffer.byteLength(body) : 0,
        status: 'error',
      }
      if (typeof body === 'string' && call.method !== 'GET') {
        const sent = JSON.parse(body) as { entities?: { _id: string }[] }
        call.ids = sent.entities?.map((entity) => entity._id)
      }
      recorder.calls.push(call)
      await recorder.beforeCall?.(call)
      let response: Response
      try {
        response = await fetch(input, init)
      } catch (error) {
        call.error = String((error as Error & { cause?: unknown }).cause ?? error)
        throw error
      }
      call.status = response.status
      if (response.ok && call.method !== 'GET') {
        const answer = (await response.clone().json()) as { stored?: string[] }
        call.stored = answer.stored
      }
      try {
        await recorder.afterCall?.(call)
      } catch (error) {
        call.status = 'error'
        call.error = `answer dropped: ${String(error)}`
        delete call.stored
        throw error
      }
      return response
    },
  }
  return recorder
}
