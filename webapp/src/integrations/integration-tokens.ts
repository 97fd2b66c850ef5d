// The integrations' tokens are this device's own values (spec section 3: `notionOAuthToken`,
// `capacitiesToken`), kept in the store's device state next to lastSyncDateInMillis: never in a
// synced entity, a backup or a URL. They are sent only to the misc server, in the x-notion-token /
// x-capacities-token header of the call that needs them. They belong to the account that connected
// them (`integrationTokensUserId`): another account signing in on this browser neither sees nor
// uses them, and its first connection forgets them. The Notion workspace's name is kept to show.
import type { DeviceState } from '@inkmark/shared'
import { useCallback, useState } from 'react'
import { useSession } from '../account/SessionProvider'
import { useLocalStore } from '../library/LibraryProvider'

/** The device value keys (the spec's names for the tokens). */
export const IntegrationValueKey = {
  NOTION_TOKEN: 'notionOAuthToken',
  NOTION_WORKSPACE: 'notionWorkspaceName',
  CAPACITIES_TOKEN: 'capacitiesToken',
  OWNER: 'integrationTokensUserId',
} as const

type Device = Pick<DeviceState, 'getValue' | 'setValue'>

/** The Notion connection of this device. */
export interface NotionDeviceConnection {
  token: string
  workspaceName?: string
}

function stringValue(device: Pick<DeviceState, 'getValue'>, key: string): string | undefined {
  const value = device.getValue<unknown>(key)
  return typeof value === 'string' && value !== '' ? value : undefined
}

function ownedBy(device: Pick<DeviceState, 'getValue'>, userId: string): boolean {
  return stringValue(device, IntegrationValueKey.OWNER) === userId
}

/** Makes `userId` the owner of the tokens, forgetting another account's first. */
function takeOwnership(device: Device, userId: string): void {
  if (ownedBy(device, userId)) {
    return
  }
  for (const key of [
    IntegrationValueKey.NOTION_TOKEN,
    IntegrationValueKey.NOTION_WORKSPACE,
    IntegrationValueKey.CAPACITIES_TOKEN,
  ]) {
    device.setValue(key, '')
  }
  device.setValue(IntegrationValueKey.OWNER, userId)
}

/** This device's Notion connection of account `userId`, if any. */
export function readNotionConnection(
  device: Pick<DeviceState, 'getValue'>,
  userId: string,
): NotionDeviceConnection | undefined {
  if (!ownedBy(device, userId)) {
    return undefined
  }
  const token = stringValue(device, IntegrationValueKey.NOTION_TOKEN)
  if (token === undefined) {
    return undefined
  }
  const workspaceName = stringValue(device, IntegrationValueKey.NOTION_WORKSPACE)
  return workspaceName === undefined ? { token } : { token, workspaceName }
}

/** Stores (or, with undefined, forgets) this device's Notion connection. */
export function writeNotionConnection(
  device: Device,
  userId: string,
  connection: NotionDeviceConnection | undefined,
): void {
  takeOwnership(device, userId)
  // An empty string is "none" to readNotionConnection; the device state has no delete.
  device.setValue(IntegrationValueKey.NOTION_TOKEN, connection?.token ?? '')
  device.setValue(IntegrationValueKey.NOTION_WORKSPACE, connection?.workspaceName ?? '')
}

/** This device's Capacities token of account `userId`, if any. */
export function readCapacitiesToken(
  device: Pick<DeviceState, 'getValue'>,
  userId: string,
): string | undefined {
  return ownedBy(device, userId)
    ? stringValue(device, IntegrationValueKey.CAPACITIES_TOKEN)
    : undefined
}

/** Stores (or, with undefined, forgets) this device's Capacities token. */
export function writeCapacitiesToken(
  device: Device,
  userId: string,
  token: string | undefined,
): void {
  takeOwnership(device, userId)
  device.setValue(IntegrationValueKey.CAPACITIES_TOKEN, token ?? '')
}

/** This device's integration tokens of the signed-in account, and what changes them. */
export function useIntegrationTokens(): {
  notion: NotionDeviceConnection | undefined
  capacitiesToken: string | undefined
  setNotion: (connection: NotionDeviceConnection | undefined) => void
  setCapacitiesToken: (token: string | undefined) => void
} {
  const { device } = useLocalStore()
  const userId = useSession().session?.userId
  const [, setVersion] = useState(0)
  const setNotion = useCallback(
    (connection: NotionDeviceConnection | undefined) => {
      if (userId !== undefined) {
        writeNotionConnection(device, userId, connection)
      }
      setVersion((version) => version + 1)
    },
    [device, userId],
  )
  const setCapacitiesToken = useCallback(
    (token: string | undefined) => {
      if (userId !== undefined) {
        writeCapacitiesToken(device, userId, token)
      }
      setVersion((version) => version + 1)
    },
    [device, userId],
  )
  return {
    notion: userId === undefined ? undefined : readNotionConnection(device, userId),
    capacitiesToken: userId === undefined ? undefined : readCapacitiesToken(device, userId),
    setNotion,
    setCapacitiesToken,
  }
}
