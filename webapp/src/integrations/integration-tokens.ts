// The integrations' tokens are this device's own values (spec section 3: `notionOAuthToken`,
// `capacitiesToken`), kept in the store's device state next to lastSyncDateInMillis: never in a
// synced entity, a backup or a URL, and cleared with the device state when another account signs
// in. They are sent only to the misc server, in the x-notion-token / x-capacities-token header of
// the call that needs them. The Notion workspace's name is kept with its token, to show.
import type { DeviceState } from '@inkmark/shared'
import { useCallback, useState } from 'react'
import { useLocalStore } from '../library/LibraryProvider'

/** The device value keys (the spec's names for the tokens). */
export const IntegrationValueKey = {
  NOTION_TOKEN: 'notionOAuthToken',
  NOTION_WORKSPACE: 'notionWorkspaceName',
  CAPACITIES_TOKEN: 'capacitiesToken',
} as const

/** The Notion connection of this device. */
export interface NotionDeviceConnection {
  token: string
  workspaceName?: string
}

function stringValue(device: Pick<DeviceState, 'getValue'>, key: string): string | undefined {
  const value = device.getValue<unknown>(key)
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** This device's Notion connection, if any. */
export function readNotionConnection(
  device: Pick<DeviceState, 'getValue'>,
): NotionDeviceConnection | undefined {
  const token = stringValue(device, IntegrationValueKey.NOTION_TOKEN)
  if (token === undefined) {
    return undefined
  }
  const workspaceName = stringValue(device, IntegrationValueKey.NOTION_WORKSPACE)
  return workspaceName === undefined ? { token } : { token, workspaceName }
}

/** Stores (or, with undefined, forgets) this device's Notion connection. */
export function writeNotionConnection(
  device: Pick<DeviceState, 'setValue'>,
  connection: NotionDeviceConnection | undefined,
): void {
  // An empty string is "none" to readNotionConnection; the device state has no delete.
  device.setValue(IntegrationValueKey.NOTION_TOKEN, connection?.token ?? '')
  device.setValue(IntegrationValueKey.NOTION_WORKSPACE, connection?.workspaceName ?? '')
}

/** This device's Capacities token, if any. */
export function readCapacitiesToken(device: Pick<DeviceState, 'getValue'>): string | undefined {
  return stringValue(device, IntegrationValueKey.CAPACITIES_TOKEN)
}

/** Stores (or, with undefined, forgets) this device's Capacities token. */
export function writeCapacitiesToken(
  device: Pick<DeviceState, 'setValue'>,
  token: string | undefined,
): void {
  device.setValue(IntegrationValueKey.CAPACITIES_TOKEN, token ?? '')
}

/** This device's integration tokens, and what changes them (re-rendering the caller). */
export function useIntegrationTokens(): {
  notion: NotionDeviceConnection | undefined
  capacitiesToken: string | undefined
  setNotion: (connection: NotionDeviceConnection | undefined) => void
  setCapacitiesToken: (token: string | undefined) => void
} {
  const { device } = useLocalStore()
  const [, setVersion] = useState(0)
  const setNotion = useCallback(
    (connection: NotionDeviceConnection | undefined) => {
      writeNotionConnection(device, connection)
      setVersion((version) => version + 1)
    },
    [device],
  )
  const setCapacitiesToken = useCallback(
    (token: string | undefined) => {
      writeCapacitiesToken(device, token)
      setVersion((version) => version + 1)
    },
    [device],
  )
  return {
    notion: readNotionConnection(device),
    capacitiesToken: readCapacitiesToken(device),
    setNotion,
    setCapacitiesToken,
  }
}
