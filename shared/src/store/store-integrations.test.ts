// The store's record of exports to integrations (integrationPages on the bookmark): written at write
// time over what is stored, other fields and other integrations' records kept.
import { afterEach, describe, expect, it } from 'vitest'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark } from '../testing/stored-fixtures'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

describe('recordIntegrationPage', () => {
  it('records an export and keeps the other fields and integrations', async () => {
    const { store, clock } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({
        _id: 'b1',
        title: 'Sleep',
        tags: ['science'],
        integrationPages: { capacities: { createdAt: 5 } },
      }),
    ])
    clock.advance(60_000)
    await store.recordIntegrationPage('b1', 'notion', {
      id: 'page-1',
      url: 'https://www.notion.so/page-1',
      createdAt: clock.now(),
    })
    const after = store.getBookmark('b1')!
    expect(after.title).toBe('Sleep')
    expect(after.tags).toEqual(['science'])
    expect(after.integrationPages).toEqual({
      capacities: { createdAt: 5 },
      notion: { id: 'page-1', url: 'https://www.notion.so/page-1', createdAt: clock.now() },
    })
  })

  it('replaces the record of a second export to the same integration', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1' })])
    await store.recordIntegrationPage('b1', 'notion', { id: 'p', createdAt: 1 })
    await store.recordIntegrationPage('b1', 'notion', { id: 'p', url: 'https://n/p', createdAt: 2 })
    expect(store.getBookmark('b1')!.integrationPages).toEqual({
      notion: { id: 'p', url: 'https://n/p', createdAt: 2 },
    })
  })

  it('refuses a page that does not exist and a record without createdAt', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1' })])
    await expect(store.recordIntegrationPage('nope', 'notion', { createdAt: 1 })).rejects.toThrow(
      'No page with id nope',
    )
    await expect(
      store.recordIntegrationPage('b1', 'notion', { id: 'x' } as never),
    ).rejects.toThrow()
    expect(store.getBookmark('b1')!.integrationPages).toBeUndefined()
  })
})
