// The store's writes: entities validated and stamped by `prepareWrites`, bodies written before the
// library doc's one transaction, the spec's cascades on deletion (never-synced entities removed,
// synced ones marked deleted until sync removes them), and bodies deleted with their entities.
// Callers queue these through `StoreCore.serialized` (or run them inside a queued write).
import {
  aiChatMessagesLack,
  mergeAiChatMessages,
  type AiChatMessage,
} from '../domain/entities/ai-chat'
import { ObjectStore } from '../domain/entities/object-store'
import { mergeSharingFields } from '../domain/sharing'
import { entityNeedsSync } from '../domain/sync-state'
import { planDeletion, type EntityRef } from './deletion-plan'
import { BodyKind, type StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'
import type { AnyEntity, StoreCore } from './store-core'
import {
  prepareWrites,
  stampOf,
  RejectionReason,
  type PreparedWrite,
  type RejectedEntity,
} from './write-preparation'

/** What a write stored and what it refused. */
export interface WriteResult {
  saved: string[]
  rejected: RejectedEntity[]
}

/** What a deletion did: removed outright (never synced) or marked deleted until the next sync. */
export interface DeletionResult {
  removed: EntityRef[]
  markedDeleted: EntityRef[]
}

/** The latest of an entity's createdAt, updatedAt and deletedAt: what entityNeedsSync compares. */
export function latestStamp(entity: StoredRecord): number {
  return stampOf(entity)
}

/**
 * Keeps the stored copy's sharing fields when they changed after the written copy's (ADR 064): an
 * old copy edited on another device, or a screen holding an old copy, cannot re-share a page or a
 * note the owner hid since. A pulled copy that loses its sharing fields stays pending, so this
 * device's newer sharing reaches the relay.
 */
function keepNewerSharing(
  write: PreparedWrite,
  existing: StoredRecord | undefined,
  origin: TransactionOrigin,
): void {
  const merged = mergeSharingFields(existing, write.record)
  if (merged === write.record) {
    return
  }
  write.record = origin === TransactionOrigin.REMOTE ? { ...merged, lastSync: 0 } : merged
}

/** Whether a page content write brings HTML without a text over a record whose text merged. */
function dropsUserText(write: PreparedWrite, existing: StoredRecord | undefined): boolean {
  return (
    write.store === ObjectStore.PAGE_CONTENTS &&
    write.textState === undefined &&
    write.record.mergeableText !== true &&
    existing?.mergeableText === true
  )
}

/** Writes and deletions of any entity kind. */
export class LibraryWriter {
  constructor(
    private readonly core: StoreCore,
    /** Bytes of page content stored now, for the plan's quota. */
    private readonly pageContentBytesUsed: () => number,
  ) {}

  /** Validates, stamps and stores entities, their bodies first; see `createOrUpdateEntities`. */
  async writeEntities(
    entities: readonly unknown[],
    origin: TransactionOrigin,
  ): Promise<WriteResult> {
    const { core } = this
    const { writes, rejected } = prepareWrites(entities, {
      now: core.now(),
      origin,
      quotaPlan: core.quotaPlan(),
      existing: (store, id) => core.table(store).get(id),
      isLiveBookmark: (id) => core.bookmarks.getLive(id) !== undefined,
      pageContentBytesUsed: this.pageContentBytesUsed,
    })
    for (const write of writes) {
      keepNewerSharing(write, core.table(write.store).get(write.record._id), origin)
    }
    const stored: PreparedWrite[] = []
    const mergedChats: { id: string; messages: AiChatMessage[] }[] = []
    const mergedTexts: { id: string; html: string }[] = []
    for (const write of writes) {
      try {
        if (write.textState !== undefined) {
          // The text merges (ADR 081); the HTML is the merged text's, whatever came with it.
          const merged = await core.userTexts.merge(write.record._id, write.textState, origin)
          write.pageContent = merged.html
          write.record = { ...write.record, length: merged.html.length }
          if (merged.holdsMore && origin === TransactionOrigin.REMOTE) {
            mergedTexts.push({ id: write.record._id, html: merged.html })
          }
        }
        if (write.pageContent !== undefined) {
          await core.bodies.writePageContent(write.record._id, write.pageContent)
          if (dropsUserText(write, core.table(write.store).get(write.record._id))) {
            // HTML written without its text (a backup restored, an old client, a room write)
            // replaces the text (ADR 081): the stale text goes, so it can neither show in the
            // editor, overwrite this HTML on the next save, nor merge back into a pulled text.
            await core.userTexts.delete(write.record._id)
          }
        }
        if (write.chatMessages !== undefined && origin === TransactionOrigin.REMOTE) {
          // A pulled chat replaces ours whole (last writer wins per entity): the messages only this
          // device has are kept, and the merged chat written back (below) so the others get them.
          const messages = await this.pulledChatMessages(write)
          await core.bodies.writeChatMessages(write.record._id, messages)
          if (aiChatMessagesLack(write.chatMessages, messages)) {
            mergedChats.push({ id: write.record._id, messages })
          }
        } else if (write.chatMessages !== undefined) {
          await core.bodies.writeChatMessages(write.record._id, write.chatMessages)
        }
        stored.push(write)
      } catch (error) {
        rejected.push({
          _id: write.record._id,
          _objectStore: write.store,
          reason: RejectionReason.STORAGE_ERROR,
          message: error instanceof Error ? error.message : String(error),
        })
      }
    }
    core.doc.transact(() => {
      for (const write of stored) {
        core.table(write.store).put(write.record as AnyEntity & StoredRecord)
      }
    }, origin)
    // An unstarred bookmark without highlights is deleted (spec section 4).
    const emptied = stored.filter(
      (write) => write.unstarred && core.indexes.marksOf(write.record._id).length === 0,
    )
    if (emptied.length > 0 && origin !== TransactionOrigin.REMOTE) {
      await this.deleteWithCascades(
        emptied.map((write) => ({ _id: write.record._id, _objectStore: ObjectStore.BOOKMARKS })),
      )
    }
    const written = new Set(stored.map((write) => write.record._id))
    const writeBacks: StoredRecord[] = mergedChats.flatMap(({ id, messages }) => {
      const chat = written.has(id) ? core.aiChats.getLive(id) : undefined
      return chat === undefined ? [] : [{ ...chat, messages }]
    })
    // A merged text this device held more of is sent back, so the others get its edits too.
    for (const { id, html } of mergedTexts) {
      const content = written.has(id) ? core.pageContents.getLive(id) : undefined
      if (content !== undefined) {
        writeBacks.push({ ...content, content: html, mergeableText: true })
      }
    }
    if (writeBacks.length > 0) {
      await this.writeEntities(writeBacks, TransactionOrigin.LOCAL)
    }
    return { saved: stored.map((write) => write.record._id), rejected }
  }

  /** A pulled chat's messages merged with the ones stored here (ADR 047: chats merge by message). */
  private async pulledChatMessages(write: PreparedWrite): Promise<AiChatMessage[]> {
    const arrived = write.chatMessages ?? []
    const stored = await this.core.bodies.readChatMessages(write.record._id)
    const before = this.core.aiChats.get(write.record._id)
    const clears = [before?.clearedAt, (write.record as { clearedAt?: unknown }).clearedAt].filter(
      (time): time is number => typeof time === 'number',
    )
    return mergeAiChatMessages(
      [arrived, stored],
      clears.length === 0 ? undefined : Math.max(...clears),
    )
  }

  /** Deletes entities with the spec's cascades, bodies included. */
  async deleteWithCascades(refs: readonly EntityRef[]): Promise<DeletionResult> {
    const { result, planned } = this.applyDeletion(refs)
    await this.deleteBodies(planned)
    return result
  }

  /** The library doc's part of a deletion (one transaction); the bodies are left to the caller. */
  applyDeletion(refs: readonly EntityRef[]): { result: DeletionResult; planned: EntityRef[] } {
    const { core } = this
    const planned = planDeletion(
      {
        getLive: (ref) => core.table(ref._objectStore).getLive(ref._id),
        liveMarksOfBookmark: (id) => core.indexes.marksOf(id),
        liveChatsOfReference: (id) => core.indexes.chatsOf(id),
        livePageContentsOfUrlKey: (key) => core.indexes.pageContentsOfUrlKey(key),
      },
      refs,
    )
    const result: DeletionResult = { removed: [], markedDeleted: [] }
    const now = core.now()
    core.doc.transact(() => {
      for (const ref of planned) {
        const table = core.table(ref._objectStore)
        const entity = table.get(ref._id)!
        if (entity.lastSync === undefined) {
          table.remove(ref._id)
          result.removed.push(ref)
        } else {
          // Strictly after its last stamp, so the deletion is always newer than what was synced.
          table.put({
            ...entity,
            deletedAt: Math.max(now, latestStamp(entity) + 1),
            modifiedAt: now,
          })
          result.markedDeleted.push(ref)
        }
      }
    }, TransactionOrigin.LOCAL)
    return { result, planned }
  }

  /** Removes entities outright, with their bodies. */
  async removeEntities(refs: readonly EntityRef[], origin: TransactionOrigin): Promise<void> {
    this.core.doc.transact(() => {
      for (const ref of refs) {
        this.core.table(ref._objectStore).remove(ref._id)
      }
    }, origin)
    await this.deleteBodies(refs)
  }

  /** Deletes the body docs of page contents and AI chats among `refs`. */
  async deleteBodies(refs: readonly EntityRef[]): Promise<void> {
    for (const ref of refs) {
      if (ref._objectStore === ObjectStore.PAGE_CONTENTS) {
        await this.core.bodies.delete(BodyKind.PAGE_CONTENT, ref._id)
        await this.core.userTexts.delete(ref._id)
      } else if (ref._objectStore === ObjectStore.AI_CHATS) {
        await this.core.bodies.delete(BodyKind.AI_CHAT, ref._id)
      }
    }
  }

  /** The entity with its body, for kinds that keep one apart. */
  async withBody(store: ObjectStore, entity: StoredRecord): Promise<StoredRecord> {
    if (entity.deletedAt !== undefined) {
      return entity
    }
    if (store === ObjectStore.PAGE_CONTENTS) {
      const content = await this.core.bodies.readPageContent(entity._id)
      const withContent = content === undefined ? entity : { ...entity, content }
      // A mergeable text travels as its Yjs state, so the relay merges it (ADR 081).
      const textState =
        entity.mergeableText === true ? await this.core.userTexts.readState(entity._id) : undefined
      return textState === undefined ? withContent : { ...withContent, textState }
    }
    if (store === ObjectStore.AI_CHATS) {
      return { ...entity, messages: await this.core.bodies.readChatMessages(entity._id) }
    }
    return entity
  }

  /** Every entity (deleted ones too) created, updated or deleted after its lastSync, bodies included. */
  async entitiesThatNeedSync(): Promise<StoredRecord[]> {
    const pending: StoredRecord[] = []
    for (const store of Object.values(ObjectStore)) {
      for (const entity of this.core.table(store).all()) {
        if (entityNeedsSync(entity)) {
          pending.push(await this.withBody(store, entity))
        }
      }
    }
    return pending
  }
}
