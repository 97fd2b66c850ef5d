// How long an endpoint asks us to wait after a 429: OpenAI's `retry-after-ms`, else the standard
// Retry-After header, which is either seconds or an HTTP date (RFC 9110 section 10.2.3).

const SECOND_MS = 1000

/** Milliseconds to wait according to the response `headers` at time `now`, or undefined. */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now: number,
): number | undefined {
  const millis = headers?.get('retry-after-ms')
  if (millis != null && /^\d+(\.\d+)?$/.test(millis.trim())) {
    return Math.round(Number(millis))
  }
  const value = headers?.get('retry-after')?.trim()
  if (value === undefined || value === '') {
    return undefined
  }
  if (/^\d+(\.\d+)?$/.test(value)) {
    return Math.round(Number(value) * SECOND_MS)
  }
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
