// The simulated users' libraries: each user's entities (one bookmark in five, the rest marks on
// those bookmarks, with the store benchmark's realistic texts, notes, rich text, tags and anchors),
// seeded per user and cut into the /sync request bodies a client sends (`{ entities: [...] }`,
// batches of 20). Generated before the load starts, so the load generator only sends bytes.
import { generateBookmark, generateMark } from '../store/generate'

/** The shape of a load: how many users, how much each pushes, in what batches, how many at once. */
export interface LoadShape {
  users: number
  entitiesPerUser: number
  /** Entities per POST /sync (clients send batches of 20). */
  batchSize: number
  /** Users in flight at once in the closed loop (saturation), one request outstanding each. */
  concurrency: number
  /**
   * The open loop the latency goal is judged at: users arrive at `users / arrivalWindowSeconds`
   * per second (docs/adr/011-relay-load-model.md).
   */
  arrivalWindowSeconds: number
}

/**
 * The load: 200 users, 1,000 entities each, batches of 20; 50 users in flight for the
 * saturation run, and all 200 arriving within a minute (on average) for the goal.
 */
export const FULL_LOAD: LoadShape = {
  users: 200,
  entitiesPerUser: 1_000,
  batchSize: 20,
  concurrency: 50,
  arrivalWindowSeconds: 60,
}

/** A small load to check the benchmark itself. */
export const QUICK_LOAD: LoadShape = {
  users: 10,
  entitiesPerUser: 100,
  batchSize: 20,
  concurrency: 5,
  arrivalWindowSeconds: 3,
}

/** One entity in this many is a bookmark; the others are marks. */
export const BOOKMARK_EVERY = 5

export interface UserLibrary {
  /** The ids of the user's entities, in push order. */
  ids: string[]
  /** The bodies of the user's POST /sync requests. */
  batches: Buffer[]
  bookmarks: number
  marks: number
  /** Bytes of JSON of the entities alone (without the request envelope). */
  entityBytes: number
}

/** The seed of user `user`'s library. */
export function userSeed(seed: number, user: number): number {
  return (seed ^ Math.imul(user + 1, 0x9e3779b9)) >>> 0
}

/** User `user`'s entities as /sync request bodies. */
export function userLibrary(seed: number, user: number, shape: LoadShape): UserLibrary {
  const own = userSeed(seed, user)
  const bookmarkCount = Math.ceil(shape.entitiesPerUser / BOOKMARK_EVERY)
  const entities: Record<string, unknown>[] = []
  let bookmarks = 0
  let marks = 0
  for (let index = 0; index < shape.entitiesPerUser; index += 1) {
    if (index % BOOKMARK_EVERY === 0) {
      entities.push(generateBookmark(own, bookmarks))
      bookmarks += 1
    } else {
      entities.push(generateMark(own, marks, bookmarkCount))
      marks += 1
    }
  }
  const batches: Buffer[] = []
  let entityBytes = 0
  for (let start = 0; start < entities.length; start += shape.batchSize) {
    const batch = entities.slice(start, start + shape.batchSize)
    for (const entity of batch) {
      entityBytes += Buffer.byteLength(JSON.stringify(entity))
    }
    batches.push(Buffer.from(JSON.stringify({ entities: batch })))
  }
  return {
    ids: entities.map((entity) => String(entity._id)),
    batches,
    bookmarks,
    marks,
    entityBytes,
  }
}
