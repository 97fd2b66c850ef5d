// The relay's live copies of users' Yjs docs. A doc is loaded from its stored update log on first
// use and caught up with what other relay instances appended before every use; every change is
// appended to storage with the revision index rows it implies, and `transactDurably` resolves only
// once that append is committed, so an acknowledged write survives a crash of the relay.
import { ObjectStore, entityMap, storeOfMap } from '@inkmark/shared'
import * as Y from 'yjs'
import type { RelayStorage, RevisionChange } from '../storage/relay-storage'
import { guardDeletions } from './deletion-guard'

/** Compact a doc's stored log once a load finds more updates than this. */
export const COMPACT_AFTER_UPDATES = 200

/** Origin of updates applied from storage: they are stored already. */
export const LOADED_ORIGIN = Symbol('loaded-from-storage')
const LOADED = LOADED_ORIGIN
const BODY_DOC = /^(pagecontent|aichat)-(.+)$/
/** The name of a user's library doc (library-service.ts's LIBRARY_DOC). */
const LIBRARY_DOC_NAME = 'library'

/** The revision index rows one transaction of a doc implies. */
function revisionChanges(
  docName: string,
  doc: Y.Doc,
  transaction: Y.Transaction,
): RevisionChange[] {
  const body = BODY_DOC.exec(docName)
  if (body) {
    const store = body[1] === 'pagecontent' ? ObjectStore.PAGE_CONTENTS : ObjectStore.AI_CHATS
    return [{ store, entityId: body[2]!, deleted: false }]
  }
  const changes: RevisionChange[] = []
  for (const [type, keys] of transaction.changed) {
    const store = storeOfMap(doc, type as Y.AbstractType<unknown>)
    if (!store) {
      continue
    }
    const map = entityMap(doc, store)
    for (const key of keys) {
      if (key !== null) {
        changes.push({ store, entityId: key, deleted: !map.has(key) })
      }
    }
  }
  return changes
}

/** One user's doc, kept in memory and mirrored to storage. */
export class LiveDoc {
  readonly doc = new Y.Doc({ gc: true })
  private lastLoadedId = 0
  /**
   * Ids of updates this copy appended itself and has not seen loaded since: a catch-up skips
   * them rather than decode and apply its own writes again.
   */
  private readonly ownUpdateIds = new Set<number>()
  private pending: Promise<void> = Promise.resolve()
  private failure: Error | undefined
  /** Called with every update, whatever its origin (rooms broadcast from here). */
  readonly updateListeners = new Set<(update: Uint8Array, origin: unknown) => void>()

  constructor(
    readonly userId: string,
    readonly name: string,
    private readonly storage: RelayStorage,
    private readonly onFailure: (doc: LiveDoc) => void,
  ) {
    this.doc.on(
      'update',
      (update: Uint8Array, origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
        if (origin !== LOADED) {
          const changes = revisionChanges(name, this.doc, transaction)
          this.pending = this.pending
            .then(async () => {
              this.ownUpdateIds.add(
                await this.storage.appendDocUpdate(userId, name, update, changes),
              )
            })
            .catch((error: unknown) => {
              this.failure = error instanceof Error ? error : new Error(String(error))
              this.onFailure(this)
            })
        }
        for (const listener of this.updateListeners) {
          listener(update, origin)
        }
      },
    )
  }

  /** Applies what storage holds beyond what this copy has seen (other instances' writes). */
  async catchUp(): Promise<void> {
    const updates = await this.storage.loadDocUpdates(this.userId, this.name, this.lastLoadedId)
    if (updates.length === 0) {
      return
    }
    const others = updates.filter((stored) => !this.ownUpdateIds.has(stored.id))
    if (others.length > 0) {
      Y.transact(
        this.doc,
        () => {
          for (const stored of others) {
            Y.applyUpdate(this.doc, stored.update, LOADED)
          }
        },
        LOADED,
      )
    }
    this.lastLoadedId = updates[updates.length - 1]!.id
    for (const id of this.ownUpdateIds) {
      if (id <= this.lastLoadedId) {
        this.ownUpdateIds.delete(id)
      }
    }
    if (updates.length > COMPACT_AFTER_UPDATES) {
      await this.storage.compactDoc(
        this.userId,
        this.name,
        Y.encodeStateAsUpdate(this.doc),
        this.lastLoadedId,
      )
    }
  }

  /** Runs `change` in one transaction and resolves once it is durably stored. */
  async transactDurably(change: (doc: Y.Doc) => void, origin: unknown): Promise<void> {
    try {
      this.doc.transact(() => change(this.doc), origin)
    } catch (error) {
      // A transaction that threw (in `change` or while Yjs encoded the update) may leave the doc
      // half-changed and Yjs unable to emit further updates, so later writes would be answered
      // but never stored. Drop this copy: the next use reloads the doc from storage.
      this.failure ??= error instanceof Error ? error : new Error(String(error))
      this.onFailure(this)
      throw error
    }
    await this.whenStored()
  }

  /** Resolves once every change so far is stored; rejects if storing one failed. */
  async whenStored(): Promise<void> {
    await this.pending
    if (this.failure) {
      throw this.failure
    }
  }
}

/** The cache of live docs, keyed by user and doc name. */
export class UserDocs {
  private readonly docs = new Map<string, Promise<LiveDoc>>()

  constructor(private readonly storage: RelayStorage) {}

  /** The live doc `name` of `userId`, loaded and caught up with storage. */
  async open(userId: string, name: string): Promise<LiveDoc> {
    const key = `${userId}\u0000${name}`
    let opening = this.docs.get(key)
    if (!opening) {
      const live = new LiveDoc(userId, name, this.storage, (failed) =>
        this.evict(failed.userId, failed.name),
      )
      if (name === LIBRARY_DOC_NAME) {
        guardDeletions(live)
      }
      opening = Promise.resolve(live)
      this.docs.set(key, opening)
    }
    const live = await opening
    await live.catchUp()
    return live
  }

  /** Drops a cached doc (after a storage failure, or when the user is deleted). */
  evict(userId: string, name: string): void {
    const key = `${userId}\u0000${name}`
    const opening = this.docs.get(key)
    this.docs.delete(key)
    void opening?.then((live) => live.doc.destroy())
  }

  /** Drops every cached doc of a user. */
  evictUser(userId: string): void {
    for (const key of [...this.docs.keys()]) {
      if (key.startsWith(`${userId}\u0000`)) {
        this.evict(userId, key.slice(userId.length + 1))
      }
    }
  }

  /** Waits for pending writes and drops every doc. */
  async closeAll(): Promise<void> {
    const docs = await Promise.all(this.docs.values())
    await Promise.allSettled(docs.map((live) => live.whenStored()))
    for (const live of docs) {
      live.doc.destroy()
    }
    this.docs.clear()
  }
}
