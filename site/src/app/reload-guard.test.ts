import { describe, expect, it } from 'vitest'
import { mayReloadForChunkError, RELOAD_GUARD_MS } from './reload-guard'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe('the chunk reload guard', () => {
  it('reloads a path once per 10 s, each path on its own', () => {
    const storage = memoryStorage()
    const start = 1_000_000
    expect(mayReloadForChunkError(storage, '/faq', start)).toBe(true)
    expect(mayReloadForChunkError(storage, '/faq', start + 1)).toBe(false)
    expect(mayReloadForChunkError(storage, '/tools', start + 1)).toBe(true)
    expect(mayReloadForChunkError(storage, '/faq', start + RELOAD_GUARD_MS - 1)).toBe(false)
    expect(mayReloadForChunkError(storage, '/faq', start + RELOAD_GUARD_MS)).toBe(true)
  })

  it('allows no reload when storage fails (no loop)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => undefined,
    }
    expect(mayReloadForChunkError(broken, '/faq', 1)).toBe(false)
  })
})
