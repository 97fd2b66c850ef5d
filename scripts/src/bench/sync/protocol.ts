// What the sync benchmark's page and its Node side agree on: the sizes, and the figures the page
// returns for each measurement.

/** The push: 10,000 entities (one bookmark in five, the rest highlights on them). */
export const FULL_ENTITIES = 10_000
export const QUICK_ENTITIES = 500
/** One entity in this many is a bookmark. */
export const BOOKMARK_EVERY = 5
/** Live changes timed one after the other. */
export const FULL_LIVE_CHANGES = 50
export const QUICK_LIVE_CHANGES = 5

export interface SyncRunReport {
  /** Entities the run moved (pushed or pulled). */
  entities: number
  /** Wall time of `engine.sync()`, ms. */
  ms: number
  /** HTTP calls the relay client made, by method. */
  calls: Record<string, number>
  /** Request and answer bytes on the wire (bodies only). */
  sentBytes: number
  receivedBytes: number
  /** Entities the device holds after the run (checked against what was pushed). */
  held: number
  /** The sync state after the run. */
  state: string
}

export interface PopulateReport {
  entities: number
  bookmarks: number
  marks: number
  /** Writing them through `createOrUpdateEntities` (not part of the push figure). */
  ms: number
  /** The request bodies the engine will send, as raw baseline bodies (JSON of 20 entities). */
  batchBodies: string[]
}

export interface BaselineReport {
  requests: number
  ms: number
  sentBytes: number
}

export interface LiveReport {
  /** From the write on the first device to the second device's store seeing it, ms, per change. */
  latenciesMs: number[]
}

/** The page's functions, called one by one with page.evaluate. */
export interface SyncBenchApi {
  populate(entities: number, seed: number): Promise<PopulateReport>
  push(relayUrl: string, token: string): Promise<SyncRunReport>
  pullOnFreshDevice(relayUrl: string, token: string, expected: number): Promise<SyncRunReport>
  baselinePosts(noopUrl: string, bodies: readonly string[]): Promise<BaselineReport>
  live(relayUrl: string, token: string, changes: number): Promise<LiveReport>
}

export interface SyncBenchGlobal {
  inkmarkSyncBench?: SyncBenchApi
}
