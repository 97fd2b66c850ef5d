// Whether a page can be exported to a service from this device now: connected here (its token) and
// a destination chosen (synced settings). Otherwise the export action leads to Integrations.
import type {
  ChosenCapacitiesSpace,
  IntegrationService,
  ChosenNotionTarget,
} from './integration-settings'

/** Everything an export needs. */
export type ExportDestination =
  | { service: 'notion'; token: string; target: ChosenNotionTarget }
  | { service: 'capacities'; token: string; space: ChosenCapacitiesSpace }

/** What stops an export. */
export type ExportBlocker = 'not-connected' | 'no-destination'

/** The destination of an export to `service`, or what is missing. */
export function exportDestinationOf(
  service: IntegrationService,
  state: {
    notionToken: string | undefined
    notionTarget: ChosenNotionTarget | undefined
    capacitiesToken: string | undefined
    capacitiesSpace: ChosenCapacitiesSpace | undefined
  },
): { destination: ExportDestination } | { blocker: ExportBlocker } {
  if (service === 'notion') {
    if (state.notionToken === undefined) {
      return { blocker: 'not-connected' }
    }
    return state.notionTarget === undefined
      ? { blocker: 'no-destination' }
      : { destination: { service, token: state.notionToken, target: state.notionTarget } }
  }
  if (state.capacitiesToken === undefined) {
    return { blocker: 'not-connected' }
  }
  return state.capacitiesSpace === undefined
    ? { blocker: 'no-destination' }
    : { destination: { service, token: state.capacitiesToken, space: state.capacitiesSpace } }
}

/** What the toast says when the export action leads to Integrations instead. */
export function exportBlockerMessage(service: IntegrationService, blocker: ExportBlocker): string {
  const name = service === 'notion' ? 'Notion' : 'Capacities'
  const what = service === 'notion' ? 'where pages go' : 'a space'
  return blocker === 'not-connected'
    ? `Connect ${name} on this device first, then choose ${what}.`
    : `Choose ${what} in ${name} first.`
}
