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
    writeNotionConnection(device, { token: 'secret-n', workspaceName: 'Home' })
    writeCapacitiesToken(device, 'secret-c')
    expect(device.values.get(IntegrationValueKey.NOTION_TOKEN)).toBe('secret-n')
    expect(device.values.get('notionOAuthToken')).toBe('secret-n')
    expect(device.values.get('capacitiesToken')).toBe('secret-c')
    expect(readNotionConnection(device)).toEqual({ token: 'secret-n', workspaceName: 'Home' })
    expect(readCapacitiesToken(device)).toBe('secret-c')
  })

  it('forgets them on disconnect', () => {
    const device = fakeDevice()
    writeNotionConnection(device, { token: 'secret-n' })
    writeCapacitiesToken(device, 'secret-c')
    writeNotionConnection(device, undefined)
    writeCapacitiesToken(device, undefined)
    expect(readNotionConnection(device)).toBeUndefined()
    expect(readCapacitiesToken(device)).toBeUndefined()
    expect([...device.values.values()].join('')).toBe('')
  })

  it('reads nothing from a value that is not a string', () => {
    const device = fakeDevice()
    device.setValue('notionOAuthToken', 42)
    expect(readNotionConnection(device)).toBeUndefined()
  })
})
