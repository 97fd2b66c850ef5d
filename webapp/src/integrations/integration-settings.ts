// The integrations' synced choices (chrome settings `integrations`, spec section 3): where Notion
// exports go and which Capacities space takes them. They hold no token: the tokens are this
// device's own values (integration-tokens.ts). The list is the spec's loose shape, `{ id, settings
// }` per service, so unknown entries (another device's newer service) are kept as they are.
import type { IntegrationService, IntegrationSettings } from '@inkmark/shared'

export type { IntegrationService }

/** Where Notion exports go: a page (a child page each) or a database (a row each). */
export interface ChosenNotionTarget {
  targetId: string
  targetKind: 'page' | 'database'
  targetTitle: string
}

/** The Capacities space exports go to. */
export interface ChosenCapacitiesSpace {
  spaceId: string
  spaceTitle: string
}

function settingsOf(
  integrations: readonly IntegrationSettings[],
  service: IntegrationService,
): Record<string, unknown> | undefined {
  return integrations.find((integration) => integration.id === service)?.settings
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The chosen Notion target, if one is chosen and well formed. */
export function notionTargetOf(
  integrations: readonly IntegrationSettings[],
): ChosenNotionTarget | undefined {
  const settings = settingsOf(integrations, 'notion')
  const targetId = nonEmptyString(settings?.targetId)
  const targetKind = settings?.targetKind
  if (targetId === undefined || (targetKind !== 'page' && targetKind !== 'database')) {
    return undefined
  }
  return { targetId, targetKind, targetTitle: nonEmptyString(settings?.targetTitle) ?? 'Untitled' }
}

/** The chosen Capacities space, if one is chosen. */
export function capacitiesSpaceOf(
  integrations: readonly IntegrationSettings[],
): ChosenCapacitiesSpace | undefined {
  const settings = settingsOf(integrations, 'capacities')
  const spaceId = nonEmptyString(settings?.spaceId)
  if (spaceId === undefined) {
    return undefined
  }
  return { spaceId, spaceTitle: nonEmptyString(settings?.spaceTitle) ?? 'Untitled space' }
}

/**
 * The list with `service`'s settings replaced by `settings` (undefined removes the entry); other
 * entries, and unknown fields of the service's own entry, are kept.
 */
export function withIntegrationSettings(
  integrations: readonly IntegrationSettings[],
  service: IntegrationService,
  settings: ChosenNotionTarget | ChosenCapacitiesSpace | undefined,
): IntegrationSettings[] {
  const others = integrations.filter((integration) => integration.id !== service)
  if (settings === undefined) {
    return others
  }
  const existing = integrations.find((integration) => integration.id === service)
  return [...others, { ...existing, id: service, settings: { ...settings } }]
}
