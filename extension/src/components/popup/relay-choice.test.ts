import { describe, expect, it } from 'vitest'
import {
  LOCAL_RELAY_URL,
  RELAY_CHOICE_KEY,
  builtInRelay,
  chosenRelay,
  keepRelayChoice,
  relayHost,
  type ChoiceStorage,
} from './relay-choice'

function memoryStorage(): ChoiceStorage & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

describe('the built-in relay', () => {
  it('takes the build value when it is an allowed address', () => {
    expect(builtInRelay('https://relay.example.org/')).toBe('https://relay.example.org')
    expect(builtInRelay(' http://127.0.0.1:9911 ')).toBe('http://127.0.0.1:9911')
  })

  it('falls back to the local relay when the build names none or a refused one', () => {
    expect(builtInRelay(undefined)).toBe(LOCAL_RELAY_URL)
    expect(builtInRelay('')).toBe(LOCAL_RELAY_URL)
    expect(builtInRelay('http://relay.example.org')).toBe(LOCAL_RELAY_URL)
  })
})

describe('the chosen relay', () => {
  it('is the built-in one until the person chooses another', () => {
    const storage = memoryStorage()
    expect(chosenRelay(storage, 'https://a.example')).toBe('https://a.example')
    keepRelayChoice(storage, 'https://b.example', 'https://a.example')
    expect(chosenRelay(storage, 'https://a.example')).toBe('https://b.example')
  })

  it('forgets the choice when the field is emptied or set back to the built-in one', () => {
    const storage = memoryStorage()
    keepRelayChoice(storage, 'https://b.example', 'https://a.example')
    keepRelayChoice(storage, 'https://a.example', 'https://a.example')
    expect(storage.values.has(RELAY_CHOICE_KEY)).toBe(false)
    keepRelayChoice(storage, 'https://b.example', 'https://a.example')
    keepRelayChoice(storage, '  ', 'https://a.example')
    expect(chosenRelay(storage, 'https://a.example')).toBe('https://a.example')
  })

  it('shows the host of an address', () => {
    expect(relayHost('https://relay.example.org')).toBe('relay.example.org')
    expect(relayHost('http://127.0.0.1:8787')).toBe('127.0.0.1:8787')
    expect(relayHost('not an address')).toBe('not an address')
  })
})
