// "Saved" means durable: every write of the store resolves only once IndexedDB has committed it.
// y-indexeddb stores an update in a transaction of its own that commits later; a tab closed in
// between loses the edit. Each test records the read-write IndexedDB transactions opened while a
// write runs and checks that none is still uncommitted when the write's promise resolves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ObjectStore } from '../domain/entities/object-store'
import { AiChatRole, createAiChatMessage } from '../domain/entities/ai-chat'
import { FIXTURE_NOW } from '../testing/factories'
import { trackTestStores } from '../testing/store-harness'
import { asBookmark, asChat, asMark } from '../testing/stored-fixtures'

const { harness, closeAll } = trackTestStores()
afterEach(closeAll)

/** Read-write transactions opened and not yet complete (or aborted). */
const uncommitted = new Set<IDBTransaction>()
// Called back with `apply` and the database as `this`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const originalTransaction = IDBDatabase.prototype.transaction

beforeEach(() => {
  uncommitted.clear()
  IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ): IDBTransaction {
    const transaction = originalTransaction.apply(this, args)
    if (transaction.mode === 'readwrite') {
      uncommitted.add(transaction)
      const settle = () => uncommitted.delete(transaction)
      transaction.addEventListener('complete', settle)
      transaction.addEventListener('abort', settle)
      transaction.addEventListener('error', settle)
    }
    return transaction
  }
})

afterEach(() => {
  IDBDatabase.prototype.transaction = originalTransaction
})

/** How many read-write transactions are uncommitted at the moment the promise resolves. */
async function uncommittedWhenResolved(write: Promise<unknown>): Promise<number> {
  await write
  return uncommitted.size
}

describe('store writes are durable when they resolve', () => {
  it('createOrUpdateEntities', async () => {
    const { store } = await harness()
    const write = store.createOrUpdateEntities([asBookmark({ _id: 'b1' })])
    expect(await uncommittedWhenResolved(write)).toBe(0)
    expect(
      await uncommittedWhenResolved(
        store.createOrUpdateEntities([asMark({ _id: 'm1', _bookmark: 'b1' })]),
      ),
    ).toBe(0)
  })

  it('updateChromeSettings', async () => {
    const { store } = await harness()
    expect(await uncommittedWhenResolved(store.updateChromeSettings({ sidebarWidth: 420 }))).toBe(0)
  })

  it('markEntitiesAsDeleted and deleteEntities', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', isStarred: true }),
      asBookmark({ _id: 'b2', isStarred: true }),
    ])
    expect(
      await uncommittedWhenResolved(
        store.markEntitiesAsDeleted([{ _id: 'b1', _objectStore: ObjectStore.BOOKMARKS }]),
      ),
    ).toBe(0)
    expect(
      await uncommittedWhenResolved(
        store.deleteEntities([{ _id: 'b2', _objectStore: ObjectStore.BOOKMARKS }]),
      ),
    ).toBe(0)
  })

  it('setAiChatMessages', async () => {
    const { store } = await harness()
    await store.createOrUpdateEntities([asBookmark({ _id: 'b1', isStarred: true })])
    await store.createOrUpdateEntities([asChat({ _id: 'c1', _referenceId: 'b1' })])
    const write = store.setAiChatMessages('c1', [
      createAiChatMessage(AiChatRole.USER, 'hello', FIXTURE_NOW),
    ])
    expect(await uncommittedWhenResolved(write)).toBe(0)
  })

  it('a refused write still resolves, and its result is what is stored', async () => {
    const { store, reopen } = await harness()
    const write = store.createOrUpdateEntities([
      asBookmark({ _id: 'b1', isStarred: true }),
      asMark({ _id: 'orphan', _bookmark: 'missing' }),
    ])
    expect(await uncommittedWhenResolved(write)).toBe(0)
    const reopened = await reopen()
    expect(reopened.getBookmark('b1')).toBeDefined()
  })
})
