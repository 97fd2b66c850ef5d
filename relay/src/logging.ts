// What the relay writes to its log about a request: method, path and the names of its query
// parameters, never their values (room tickets, confirmation tokens and emails travel there), and
// never the Authorization or Cookie headers. Used by server.ts and by any caller of createRelay
// that passes a logger, so no configuration can log a secret by forgetting the serializers.
import type { FastifyServerOptions } from 'fastify'

/** Placeholder for a redacted value. */
export const REDACTED = '[redacted]'

/** `url` with every query value replaced by REDACTED (names kept, for debugging). */
export function redactUrl(url: string): string {
  const start = url.indexOf('?')
  if (start < 0) {
    return url
  }
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=${REDACTED}`)
  return `${url.slice(0, start)}?${names.join('&')}`
}

interface LoggedRequest {
  method: string
  url: string
  hostname?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** The request serializer: what Fastify's default logs, with the URL redacted and no headers. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

type LoggerOption = FastifyServerOptions['logger']

/** `logger` (false, true or pino options) with the redacting serializers added. */
export function withRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) {
    return false
  }
  const options = logger === true ? {} : logger
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: REDACTED,
    },
  }
}
