import { describe, expect, it } from 'vitest'
import {
  IntegrationValueKey,
  readCapacitiesToken,
  readNotionConnection,
  writeCapacitiesToken,
  writeNotionConnection,
} from './integration-tokens'

function fakeDevice() {
  const values = new Map<string, unknown>()
  return {
    values,
    getValue: <T>(key: string) => values.get(key) as T | undefined,
    setValue: (key: string, value: unknown) => void values.set(key, value),
  }
}

describe('integration tokens', () => {
  it('keeps the tokens under the spec’s device value names', () => {
    const device = fakeDevice()
    writeNotionConnection(device, 'u1', { token: 'secret-n', workspaceName: 'Home' })
    writeCapacitiesToken(device, 'u1', 'secret-c')
    expect(device.values.get(IntegrationValueKey.NOTION_TOKEN)).toBe('secret-n')
    expect(device.values.get('notionOAuthToken')).toBe('secret-n')
    expect(device.values.get('capacitiesToken')).toBe('secret-c')
    expect(readNotionConnection(device, 'u1')).toEqual({ token: 'secret-n', workspaceName: 'Home' })
    expect(readCapacitiesToken(device, 'u1')).toBe('secret-c')
  })

  it('forgets them on disconnect', () => {
    const device = fakeDevice()
    writeNotionConnection(device, 'u1', { token: 'secret-n' })
    writeCapacitiesToken(device, 'u1', 'secret-c')
    writeNotionConnection(device, 'u1', undefined)
    writeCapacitiesToken(device, 'u1', undefined)
    expect(readNotionConnection(device, 'u1')).toBeUndefined()
    expect(readCapacitiesToken(device, 'u1')).toBeUndefined()
    expect(device.values.get('notionOAuthToken')).toBe('')
    expect(device.values.get('capacitiesToken')).toBe('')
  })

  it('reads nothing from a value that is not a string', () => {
    const device = fakeDevice()
    device.setValue('notionOAuthToken', 42)
    expect(readNotionConnection(device, 'u1')).toBeUndefined()
  })

  it('belong to the account that connected them', () => {
    const device = fakeDevice()
    writeNotionConnection(device, 'u1', { token: 'secret-n' })
    writeCapacitiesToken(device, 'u1', 'secret-c')
    expect(readNotionConnection(device, 'u2')).toBeUndefined()
    expect(readCapacitiesToken(device, 'u2')).toBeUndefined()
    // Another account's first connection forgets the first account's tokens.
    writeCapacitiesToken(device, 'u2', 'other-c')
    expect(readNotionConnection(device, 'u1')).toBeUndefined()
    expect(readCapacitiesToken(device, 'u1')).toBeUndefined()
    expect(readCapacitiesToken(device, 'u2')).toBe('other-c')
    expect(device.values.get('notionOAuthToken')).toBe('')
  })
})
