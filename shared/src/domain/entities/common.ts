// Building blocks every entity schema shares: the timestamp unit, the id rule and the sync
// bookkeeping fields. Every stored time is a number of epoch milliseconds, never a Date or an ISO
// string, so that entities stay plain JSON values and compare with `<` (docs/adr/006-entity-schemas.md).
import { z } from 'zod'

/** A moment as epoch milliseconds: the unit of every stored timestamp. */
export const EpochMillisSchema = z.number().nonnegative()

/** An entity id: any non-empty string (generated ids and legacy server ids alike). */
export const EntityIdSchema = z.string().min(1)

/** Sync bookkeeping every synced entity may carry; createdAt is declared by each entity itself. */
export const syncFieldsShape = {
  _user: z.string().optional(),
  updatedAt: EpochMillisSchema.optional(),
  modifiedAt: EpochMillisSchema.optional(),
  deletedAt: EpochMillisSchema.optional(),
  lastSync: EpochMillisSchema.optional(),
}

/** A copy of `fields` without the keys whose value is undefined, so they cannot erase defaults. */
export function withoutUndefined<T extends object>(fields: T): Partial<T> {
  const result: Partial<T> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) {
      result[key as keyof T] = value as T[keyof T]
    }
  }
  return result
}
