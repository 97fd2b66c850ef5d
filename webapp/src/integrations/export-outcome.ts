// What the web app does when an export (or another integration call) fails: the misc server's
// codes (`{ code, message }`, the MISC contract) mapped to one of three answers. 402 daily_limit
// opens the upgrade-needed dialog; 401 unauthorized means the service no longer accepts this
// device's token, so the person is led to reconnect; anything else is a plain message.
import type { IntegrationService } from './integration-settings'

/** The service's name as the person knows it. */
export const SERVICE_NAMES: Readonly<Record<IntegrationService, string>> = {
  notion: 'Notion',
  capacities: 'Capacities',
}

/** What to do about a failed integration call. */
export type IntegrationFailure =
  | { kind: 'daily-limit'; message: string }
  | { kind: 'reconnect'; message: string }
  | { kind: 'message'; message: string }

/** The fields of the misc client's error this reads (MiscCallError). */
interface CallErrorLike {
  status: number
  code: string
  message: string
}

function isCallError(error: unknown): error is CallErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as CallErrorLike).status === 'number' &&
    typeof (error as CallErrorLike).code === 'string'
  )
}

/** How `error` from a call to `service` is answered. */
export function integrationFailureOf(
  error: unknown,
  service: IntegrationService,
): IntegrationFailure {
  const name = SERVICE_NAMES[service]
  if (!isCallError(error)) {
    // The misc client's own errors (no connection) carry a sentence meant for people.
    return {
      kind: 'message',
      message:
        error instanceof Error && error.message !== ''
          ? error.message
          : `${name} did not answer. Try again.`,
    }
  }
  switch (error.code) {
    case 'daily_limit':
      return { kind: 'daily-limit', message: error.message }
    case 'unauthorized':
      return {
        kind: 'reconnect',
        message: `${name} no longer accepts this device's connection. Reconnect ${name} in Integrations.`,
      }
    case 'object_not_found':
      return {
        kind: 'message',
        message:
          service === 'notion'
            ? 'Notion could not find where this export goes. Share it with the Inkmark integration again, or choose another place in Integrations.'
            : 'Capacities could not find this space. Choose another space in Integrations.',
      }
    case 'rate_limited':
      return { kind: 'message', message: `${name} is busy right now. Try again in a minute.` }
    case 'validation_error':
      return {
        kind: 'message',
        message: `${name} did not accept this page (${error.message}).`,
      }
    case 'not_configured':
      return {
        kind: 'message',
        message: `This Inkmark server is not set up to connect to ${name}.`,
      }
    default:
      return {
        kind: 'message',
        message: `The export to ${name} did not work: ${error.message || 'unknown error'}.`,
      }
  }
}
