// Libraries written before lastSync moved to this device's own state carried it in the shared doc:
// on open it is moved out, so that the library doc holds the same bytes on every device.
import type * as Y from 'yjs'
import { ObjectStore } from '../domain/entities/object-store'
import type { DeviceState } from './device-state'
import { decodeEntity, entityMap, writeEntity, type StoredRecord } from './library-schema'
import { TransactionOrigin } from './origins'

/**
 * Entities written before lastSync moved to the device state carry it in the shared doc: move it
 * out, so that the library doc holds the same bytes on every device.
 */
export async function moveStoredLastSyncToDevice(doc: Y.Doc, device: DeviceState): Promise<void> {
  const moves: { store: ObjectStore; entity: StoredRecord }[] = []
  for (const store of Object.values(ObjectStore)) {
    for (const value of entityMap(doc, store).values()) {
      // This runs on every open: parsing every entity here would decode the whole library once
      // more before the first read. Only a text naming lastSync can hold one.
      if (typeof value === 'string' && !value.includes('"lastSync"')) {
        continue
      }
      const entity = decodeEntity(value)
      if (entity && entity.lastSync !== undefined) {
        moves.push({ store, entity })
      }
    }
  }
  if (moves.length === 0) {
    return
  }
  device.setLastSync(
    moves.map(({ store, entity }) => ({
      store,
      id: entity._id,
      lastSync: typeof entity.lastSync === 'number' ? entity.lastSync : undefined,
    })),
  )
  doc.transact(() => {
    for (const { store, entity } of moves) {
      const { lastSync: _moved, ...shared } = entity
      writeEntity(doc, store, shared)
    }
  }, TransactionOrigin.MIGRATION)
  await device.flush()
}
