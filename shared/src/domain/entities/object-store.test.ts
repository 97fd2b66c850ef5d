import { describe, expect, it } from 'vitest'
import { OBJECT_STORES, ObjectStore, ObjectStoreSchema, isObjectStore } from './object-store'

describe('ObjectStore', () => {
  it('names the five stores of the spec', () => {
    expect(OBJECT_STORES).toEqual([
      'marks',
      'bookmarks',
      'chromesettings',
      'pagecontents',
      'aichats',
    ])
    expect(ObjectStore.CHROME_SETTINGS).toBe('chromesettings')
  })

  it('recognises only those names', () => {
    for (const store of OBJECT_STORES) {
      expect(isObjectStore(store)).toBe(true)
      expect(ObjectStoreSchema.parse(store)).toBe(store)
    }
    expect(isObjectStore('tags')).toBe(false)
    expect(isObjectStore(1)).toBe(false)
    expect(ObjectStoreSchema.safeParse('Marks').success).toBe(false)
  })
})
