// The synced integration choices (chrome settings `integrations`) as the cards read and change them.
import { useCallback } from 'react'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import {
  capacitiesSpaceOf,
  notionTargetOf,
  withIntegrationSettings,
  type ChosenCapacitiesSpace,
  type IntegrationService,
  type ChosenNotionTarget,
} from './integration-settings'

/** The chosen Notion target and Capacities space, and what changes them. */
export function useIntegrationChoices(): {
  notionTarget: ChosenNotionTarget | undefined
  capacitiesSpace: ChosenCapacitiesSpace | undefined
  choose: (
    service: IntegrationService,
    settings: ChosenNotionTarget | ChosenCapacitiesSpace | undefined,
  ) => Promise<void>
} {
  const store = useLocalStore()
  const integrations = useLibraryQuery((library) => library.getChromeSettings().integrations, [])
  const choose = useCallback(
    async (
      service: IntegrationService,
      settings: ChosenNotionTarget | ChosenCapacitiesSpace | undefined,
    ) => {
      // Read at write time: another tab or device may have changed the list meanwhile.
      const current = store.getChromeSettings().integrations
      await store.updateChromeSettings({
        integrations: withIntegrationSettings(current, service, settings),
      })
    },
    [store],
  )
  return {
    notionTarget: notionTargetOf(integrations),
    capacitiesSpace: capacitiesSpaceOf(integrations),
    choose,
  }
}
