// What relay instances sharing one PostgreSQL database share beyond the data (ADR 085): the bus
// they announce changes on, the keys they sign with, and their rate limits. SQLite serves one
// instance and has none of it.
import type { BucketLimit } from '../limits/limits-config'
import type { ClusterBus } from './cluster-bus'
import type { SharedBuckets, postgresWindowStore } from './postgres-rate-limits'
import type { SigningKeyStore } from './signing-keys'

export interface ClusterStorage {
  bus: ClusterBus
  signingKeys: SigningKeyStore
  /** Token buckets named `name` shared by every instance. */
  buckets(name: string, limit: BucketLimit, now: () => number): SharedBuckets
  /** @fastify/rate-limit's store, shared by every instance. */
  windowStore: ReturnType<typeof postgresWindowStore>
  /** Drops rate rows long unused (upkeep). */
  sweepRateRows(nowMs: number): Promise<void>
}
