// A seeded property test of convergence: 3 devices of one account make random changes (bookmarks
// and highlights with notes and tags, edits, deletions, starring, saved page contents, settings),
// go offline at random (skipping syncs, or pointed at a closed port), and sync at random, while in
// some runs the relay is restarted (SIGTERM or SIGKILL, sometimes in the middle of a sync). After
// a final sync round every device and the relay hold identical data, nothing is lost (every entity
// created and not deleted is there), every deletion won (with its cascades), and every entity is
// one whole version some device wrote (never a mix of fields; a highlight's learning item is the
// exception: two devices' reviews of one card are merged, ADR 041, and every review made on a
// highlight that is left is in its log). In some runs the devices also join
// and leave the live room at random, so room updates and REST interleave. Devices also write user
// texts the old way (HTML only) and type words into them as the web app's editor does (ADR 081: the
// text is a Yjs doc, seeded once from the HTML by whichever devices open it first, sent over /sync
// as its Yjs state and merged): every text ends the same everywhere, holding each acknowledged word
// exactly once, offline typing included. One relay process serves all runs;
// each run has an account of its own, so runs are independent.
//
// The same runs against the relay cluster (project sync-property-cluster, SYNC_PROPERTY_TARGET=
// cluster; ADR 085): PostgreSQL, three relay instances and HAProxy, device 0 through the proxy and
// devices 1 and 2 each on an instance of its own, so REST and room writes cross instances; the
// faults then hit one instance at a time (SIGTERM, SIGKILL, SIGKILL during a sync, down for a
// while) or restart the database, and the same checks hold.
//
// Replay one seed: SYNC_PROPERTY_SEED=17 SYNC_PROPERTY_RUNS=1 npx vitest run --project sync-property sync-property
// (SYNC_PROPERTY_LOG=1 prints the operations of runs that pass too).
import { LearningRating, SyncState, type StoredRecord } from '@inkmark/shared'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { laggyWebSocketClass } from '../src/laggy-websocket'
import { startRelayCluster } from '../src/relay-cluster'
import { closedPortUrl, createRelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import {
  ObjectStore,
  bookmark,
  edit,
  mark,
  pageContent,
  put,
  remove,
  urlOf,
} from '../src/sync-entities'
import {
  canonicalJson,
  comparable,
  deviceSnapshot,
  keyOf,
  orphanedMarks,
  pendingOf,
  relayContents,
  settle,
  type Snapshot,
} from '../src/sync-snapshot'
import { oldUserText, typeIntoUserText, withoutTextStates } from '../src/sync-user-text'

const CLUSTER = process.env.SYNC_PROPERTY_TARGET === 'cluster'
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? (CLUSTER ? 16 : 200))
const FIRST_SEED = Number(process.env.SYNC_PROPERTY_SEED ?? 1)
const RUNS_PER_TEST = CLUSTER ? 8 : 25
/** Share of runs that restart the relay (in the cluster: an instance, or the database). */
const RESTART_SHARE = CLUSTER ? 0.5 : 0.12
/** Share of runs in which devices also join and leave the live room at random. */
const LIVE_SHARE = 0.3
const DEVICES = 3
/**
 * Longest delay of one room message in one direction; 0 (the default) uses plain sockets. With
 * 20 ms the property test found the losses fixed in ADR 010's addendum of 2026-11-26, and one seed
 * of 51-75 still failed in one of three clean runs (not yet diagnosed): opt in with
 * SYNC_PROPERTY_ROOM_LATENCY_MS=20 until that is found.
 */
const ROOM_LATENCY_MS = Number(process.env.SYNC_PROPERTY_ROOM_LATENCY_MS ?? 0)

/** mulberry32: a small seeded generator, so a seed replays the same choices. */
class Random {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.next() * items.length)]
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  weighted<T extends string>(weights: Record<T, number>): T {
    const entries = Object.entries(weights) as [T, number][]
    let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0)
    for (const [name, weight] of entries) {
      roll -= weight
      if (roll < 0) {
        return name
      }
    }
    return entries[entries.length - 1]![0]
  }
}

const TAGS = ['alpha', 'beta', 'gamma', 'delta']
const COLORS = ['#fdffb4', '#b4ffc8', '#ffb4b4', '#b4d7ff']
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Mode = 'online' | 'skip' | 'dead'

/** What the devices sync with: one relay process, or the relay cluster. */
interface PropertyRelay {
  /** The address device `index` syncs with. */
  urlOf(index: number): string
  /** Where accounts are made and the relay's contents are read. */
  readUrl: string
  /** Starts what is down. */
  start(): Promise<void>
  /** SIGTERM: the relay (in the cluster, the next instance in turn) drains and stops. */
  stop(): Promise<void>
  /** SIGKILL: no chance to flush anything. */
  kill(): Promise<void>
  /** The cluster's database restarted as a crash would. */
  restartDatabase?: () => Promise<void>
  dispose(): Promise<void>
}

async function singleRelay(): Promise<PropertyRelay> {
  const relay = await createRelayProcess()
  await relay.start()
  return {
    urlOf: () => relay.url,
    readUrl: relay.url,
    start: () => relay.start(),
    stop: () => relay.stop(),
    kill: () => relay.kill(),
    dispose: () => relay.dispose(),
  }
}

/** Device 0 through HAProxy, the others each on an instance of its own; faults take turns. */
async function clusterRelay(): Promise<PropertyRelay> {
  const cluster = await startRelayCluster(DEVICES)
  let next = 0
  let down: number | undefined
  const takeDown = async (how: 'stop' | 'kill') => {
    if (down !== undefined) {
      await cluster.start(down)
    }
    down = next
    next = (next + 1) % cluster.instanceUrls.length
    await (how === 'stop' ? cluster.stop(down) : cluster.kill(down))
  }
  return {
    urlOf: (index) => (index === 0 ? cluster.url : cluster.instanceUrls[index]!),
    readUrl: cluster.url,
    async start() {
      if (down !== undefined) {
        const index = down
        down = undefined
        await cluster.start(index)
      }
    },
    stop: () => takeDown('stop'),
    kill: () => takeDown('kill'),
    restartDatabase: () => cluster.restartDatabase(),
    dispose: () => cluster.close(),
  }
}

/** An entity without its learning item and the stamps a merged write-back sets. */
function besideLearning(entity: Record<string, unknown>): Record<string, unknown> {
  const { learningItem: _learning, updatedAt: _updated, modifiedAt: _modified, ...rest } = entity
  return rest
}

interface RunStats {
  seed: number
  ops: number
  syncs: number
  restarts: number
  live: number
  entities: number
}

describe(`property: three devices converge through offline periods and relay restarts${CLUSTER ? ' (relay cluster)' : ''}`, () => {
  let relay: PropertyRelay
  let deadUrl: string
  const stats: RunStats[] = []
  const startedAt = Date.now()

  beforeAll(async () => {
    relay = CLUSTER ? await clusterRelay() : await singleRelay()
    deadUrl = await closedPortUrl()
  })
  afterAll(async () => {
    await relay.dispose()
    const total = (key: keyof RunStats) => stats.reduce((sum, run) => sum + run[key], 0)
    console.log(
      `sync property: ${stats.length} runs, ${total('ops')} operations, ${total('syncs')} syncs, ` +
        `${total('restarts')} relay restarts, ${total('live')} runs with live rooms, ` +
        `${total('entities')} entities at the end, ` +
        `${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    )
  })

  async function runSeed(seed: number): Promise<RunStats> {
    const rng = new Random(seed)
    const log: string[] = []
    const token = await registerAccount(relay.readUrl, `property-${seed}-${Date.now()}@example.com`)
    const restartRun = rng.chance(RESTART_SHARE)
    const liveRun = rng.chance(LIVE_SHARE)
    // Room messages of live runs take 0-LATENCY ms each way (a generator of their own, so that the
    // operations of a seed stay what they were).
    const latency = new Random(seed ^ 0x5bd1e995)
    const devices: SyncDevice[] = []
    for (let index = 0; index < DEVICES; index++) {
      devices.push(
        await openDevice(
          relay.urlOf(index),
          token,
          `s${seed}-d${index}`,
          ROOM_LATENCY_MS > 0
            ? { WebSocket: laggyWebSocketClass(() => latency.int(0, ROOM_LATENCY_MS)) }
            : {},
        ),
      )
    }
    const modes: Mode[] = devices.map(() => 'online')
    const inRoom: boolean[] = devices.map(() => false)
    let relayDown = false
    let counter = 0
    const run: RunStats = {
      seed,
      ops: 0,
      syncs: 0,
      restarts: 0,
      live: liveRun ? 1 : 0,
      entities: 0,
    }

    /** Every key created, with the bookmark of marks. */
    const created = new Map<string, string | undefined>()
    /** Every key a local operation deleted (cascades included). */
    const deleted = new Set<string>()
    /** Every whole version a device wrote, per key. */
    const versions = new Map<string, Set<string>>()
    /** The same versions without the learning item and the stamps a merge write-back changes. */
    const versionsBesideLearning = new Map<string, Set<string>>()
    /** Every review made, by mark key. */
    const reviews = new Map<string, Set<string>>()
    /** Every word typed and saved, by user text key. */
    const typed = new Map<string, string[]>()

    const setMode = (index: number, mode: Mode) => {
      modes[index] = mode
      devices[index]!.servers = [mode === 'dead' ? deadUrl : relay.urlOf(index)]
      if (mode !== 'online') {
        leaveRoom(index)
      }
    }
    const leaveRoom = (index: number) => {
      if (inRoom[index]) {
        devices[index]!.live.disconnect()
        inRoom[index] = false
        log.push(`${devices[index]!.name}: leaves the room`)
      }
    }

    /** Runs a local operation and records what it created, changed and deleted. */
    async function local(device: SyncDevice, describe: string, operation: () => Promise<unknown>) {
      const before = await deviceSnapshot(device, { bodies: false })
      await operation()
      const after = await deviceSnapshot(device, { bodies: false })
      log.push(`${device.name}: ${describe}`)
      run.ops++
      for (const key of Object.keys(before)) {
        if (!(key in after)) {
          deleted.add(key)
        }
      }
      for (const [key, value] of Object.entries(after)) {
        if (before[key] !== undefined && canonicalJson(before[key]) === canonicalJson(value)) {
          continue
        }
        if (!created.has(key)) {
          created.set(key, typeof value._bookmark === 'string' ? value._bookmark : undefined)
        }
        const [store, id] = key.split('/') as [ObjectStore, string]
        const entity = device.store.getEntityById(id, store) as StoredRecord
        const full = comparable(await device.store.withBody(store, entity))
        let known = versions.get(key)
        if (!known) {
          known = new Set()
          versions.set(key, known)
        }
        known.add(canonicalJson(full))
        let beside = versionsBesideLearning.get(key)
        if (!beside) {
          beside = new Set()
          versionsBesideLearning.set(key, beside)
        }
        beside.add(canonicalJson(besideLearning(full)))
      }
    }

    async function sync(index: number, reason = 'sync') {
      const device = devices[index]!
      if (modes[index] === 'skip') {
        log.push(`${device.name}: ${reason} skipped (offline)`)
        return
      }
      const outcome = await device.engine.sync()
      run.syncs++
      log.push(
        `${device.name}: ${reason} -> ${outcome.state} (pulled ${outcome.pulled}, pushed ${outcome.pushed})`,
      )
    }

    async function step(): Promise<void> {
      const index = rng.int(0, DEVICES - 1)
      const device = devices[index]!
      const op = rng.weighted({
        createBookmark: 10,
        createMark: 14,
        editMark: liveRun ? 16 : 10,
        editBookmark: 6,
        toggleStar: 5,
        deleteMark: liveRun ? 8 : 6,
        deleteBookmark: 4,
        savePage: 5,
        writeOldText: 3,
        typeText: 16,
        settings: 3,
        review: 8,
        sync: 24,
        offline: 7,
        relay: restartRun ? 6 : 0,
        room: liveRun ? 8 : 0,
        pause: liveRun ? 4 : 0,
      })
      const bookmarks = [...device.store.getAllBookmarks()].sort((a, b) => (a._id < b._id ? -1 : 1))
      const marks = [...device.store.getAllMarks()].sort((a, b) => (a._id < b._id ? -1 : 1))
      const someTags = () => TAGS.filter(() => rng.chance(0.3))
      switch (op) {
        case 'createBookmark': {
          const id = `b${++counter}`
          const isStarred = rng.chance(0.5)
          await local(device, `create bookmark ${id}${isStarred ? ' (starred)' : ''}`, () =>
            put(device, [bookmark(id, { isStarred, tags: someTags() })]),
          )
          return
        }
        case 'createMark': {
          const target = rng.pick(bookmarks)
          if (!target) {
            return step()
          }
          const id = `${device.name.split('-')[1]}-m${++counter}`
          const notes = rng.chance(0.6) ? `note ${counter}` : undefined
          await local(device, `create mark ${id} on ${target._id}`, () =>
            put(device, [
              mark(id, target._id, {
                tags: someTags(),
                color: rng.pick(COLORS)!,
                ...(notes ? { notes } : {}),
              }),
            ]),
          )
          return
        }
        case 'editMark': {
          const target = rng.pick(marks)
          if (!target) {
            return
          }
          const field = rng.pick(['notes', 'tags', 'color', 'text'] as const)!
          const value =
            field === 'tags'
              ? someTags()
              : field === 'color'
                ? rng.pick(COLORS)!
                : `${field} ${++counter} by ${device.name}`
          await local(device, `edit mark ${target._id} ${field}=${JSON.stringify(value)}`, () =>
            edit(device, ObjectStore.MARKS, target._id, { [field]: value }),
          )
          return
        }
        case 'editBookmark': {
          const target = rng.pick(bookmarks)
          if (!target) {
            return
          }
          const changes = rng.chance(0.5)
            ? { title: `title ${++counter} by ${device.name}` }
            : { tags: someTags() }
          await local(device, `edit bookmark ${target._id} ${JSON.stringify(changes)}`, () =>
            edit(device, ObjectStore.BOOKMARKS, target._id, changes),
          )
          return
        }
        case 'toggleStar': {
          const target = rng.pick(bookmarks)
          if (!target) {
            return
          }
          await local(device, `${target.isStarred ? 'unstar' : 'star'} ${target._id}`, () =>
            edit(device, ObjectStore.BOOKMARKS, target._id, { isStarred: !target.isStarred }),
          )
          return
        }
        case 'deleteMark': {
          const target = rng.pick(marks)
          if (target) {
            await local(device, `delete mark ${target._id}`, () =>
              remove(device, ObjectStore.MARKS, target._id),
            )
          }
          return
        }
        case 'deleteBookmark': {
          const target = rng.pick(bookmarks)
          if (target) {
            await local(device, `delete bookmark ${target._id}`, () =>
              remove(device, ObjectStore.BOOKMARKS, target._id),
            )
          }
          return
        }
        case 'writeOldText': {
          const id = `ut${++counter}`
          await local(device, `write old-style user text ${id}`, () =>
            put(device, oldUserText(id, `old ${id}`)),
          )
          return
        }
        case 'typeText': {
          const texts = device.store
            .getAllPageContents()
            .filter((content) => content._id.startsWith('ut'))
            .sort((a, b) => (a._id < b._id ? -1 : 1))
          const target = rng.pick(texts)
          if (!target) {
            return
          }
          const word = `[w${++counter}${device.name.split('-')[1]}]`
          let where: string | undefined
          await local(device, `type ${word} into ${target._id}`, async () => {
            where = await typeIntoUserText(device, target._id, word, (count) =>
              rng.int(0, count - 1),
            )
          })
          log.push(`  (${where ?? 'not typed: its HTML has not reached this device'})`)
          if (where === undefined) {
            return
          }
          const key = keyOf(ObjectStore.PAGE_CONTENTS, target._id)
          typed.set(key, [...(typed.get(key) ?? []), word])
          return
        }
        case 'savePage': {
          const target = rng.pick(bookmarks.filter((entry) => !entry._id.startsWith('ut')))
          if (!target) {
            return
          }
          const html = `<p>${target._id} ${++counter} ${'lorem '.repeat(rng.int(1, 300))}</p>`
          const existing = device.store
            .getAllPageContents()
            .find((content) => content.url === urlOf(target._id))
          if (existing) {
            await local(device, `save page ${existing._id} again (${html.length} chars)`, () =>
              edit(device, ObjectStore.PAGE_CONTENTS, existing._id, { content: html }),
            )
          } else {
            const id = `pc${counter}`
            await local(device, `save page ${id} of ${target._id} (${html.length} chars)`, () =>
              put(device, [pageContent(id, target._id, html)]),
            )
          }
          return
        }
        case 'review': {
          const target = rng.pick(marks)
          if (!target) {
            return
          }
          const key = keyOf(ObjectStore.MARKS, target._id)
          if (rng.chance(0.2)) {
            const disabled = rng.chance(0.5)
            await local(device, `${disabled ? 'discard' : 'undiscard'} ${target._id}`, () =>
              device.store.setMarkLearningDisabled(target._id, disabled, Date.now()),
            )
            return
          }
          const rating = rng.pick([
            LearningRating.DONT_KNOW,
            LearningRating.NEUTRAL,
            LearningRating.KNOW,
          ])!
          const known = new Set((target.learningItem?.reviewLog ?? []).map((entry) => entry.id))
          await local(device, `review ${target._id} (${rating})`, async () => {
            const reviewed = await device.store.reviewMark(target._id, rating, Date.now())
            const made = reviews.get(key) ?? new Set<string>()
            for (const entry of reviewed.learningItem?.reviewLog ?? []) {
              if (!known.has(entry.id)) {
                made.add(entry.id)
              }
            }
            reviews.set(key, made)
          })
          return
        }
        case 'settings': {
          const color = rng.pick(COLORS)!
          await local(device, `settings color ${color}`, () =>
            device.store.updateChromeSettings({ defaultHighlightColor: color }),
          )
          return
        }
        case 'sync':
          return sync(index)
        case 'room':
          if (inRoom[index]) {
            leaveRoom(index)
          } else if (modes[index] === 'online') {
            device.live.connect(device.store)
            inRoom[index] = true
            log.push(`${device.name}: joins the room`)
          }
          return
        case 'pause': {
          const ms = rng.int(0, 30)
          await sleep(ms)
          log.push(`pause ${ms} ms`)
          return
        }
        case 'offline': {
          const mode: Mode =
            modes[index] !== 'online' ? 'online' : rng.chance(0.5) ? 'skip' : 'dead'
          setMode(index, mode)
          log.push(`${device.name}: goes ${mode}`)
          return
        }
        case 'relay': {
          if (relayDown) {
            await relay.start()
            relayDown = false
            log.push('relay: started again')
            return
          }
          if (run.restarts >= 3) {
            return
          }
          run.restarts++
          const how = rng.weighted({
            restart: 2,
            kill: 2,
            killDuringSync: 3,
            down: 2,
            database: relay.restartDatabase ? 2 : 0,
          })
          if (how === 'database') {
            await relay.restartDatabase!()
          } else if (how === 'restart') {
            await relay.stop()
            await relay.start()
          } else if (how === 'kill') {
            await relay.kill()
            await relay.start()
          } else if (how === 'killDuringSync') {
            const delay = rng.int(0, 25)
            const syncing = modes[index] === 'skip' ? undefined : device.engine.sync()
            await sleep(delay)
            await relay.kill()
            const outcome = await syncing
            await relay.start()
            log.push(
              `relay: SIGKILL ${delay} ms into a sync of ${device.name}${outcome ? ` -> ${outcome.state} (pulled ${outcome.pulled}, pushed ${outcome.pushed})` : ' (skipped)'}`,
            )
            return
          } else {
            await (rng.chance(0.5) ? relay.stop() : relay.kill())
            relayDown = true
          }
          log.push(`relay: ${how}`)
          return
        }
      }
    }

    try {
      const steps = liveRun ? rng.int(40, 70) : rng.int(25, 45)
      for (let n = 0; n < steps; n++) {
        await step()
      }
      // Final round: everyone online and out of the rooms (REST alone must converge), the relay up.
      devices.forEach((_device, index) => leaveRoom(index))
      if (relayDown) {
        await relay.start()
        relayDown = false
        log.push('relay: started for the final round')
      }
      devices.forEach((_device, index) => setMode(index, 'online'))
      await settle(devices)

      const snapshots: Snapshot[] = []
      for (const device of devices) {
        snapshots.push(await deviceSnapshot(device))
      }
      const onRelay = await relayContents(relay.readUrl, token)
      expect(onRelay.duplicates, 'keys the relay answered twice').toEqual([])
      expect(onRelay.markedDeleted, 'relay entries marked deleted').toEqual([])
      snapshots.forEach((snapshot, index) =>
        expect(withoutTextStates(snapshot), `device ${index} differs from the relay`).toEqual(
          withoutTextStates(onRelay.live),
        ),
      )

      // Nothing lost, every deletion won (a highlight goes with its deleted bookmark).
      const expectedKeys = [...created.entries()]
        .filter(
          ([key, bookmarkId]) =>
            !deleted.has(key) &&
            !(bookmarkId !== undefined && deleted.has(keyOf(ObjectStore.BOOKMARKS, bookmarkId))),
        )
        .map(([key]) => key)
        .sort()
      expect(Object.keys(onRelay.live), 'the entities that should be left').toEqual(expectedKeys)

      // Every entity is a whole version some device wrote; a reviewed highlight may carry the
      // merge of several devices' learning items (written back by the store), and keeps every
      // review made on it.
      for (const [key, value] of Object.entries(onRelay.live)) {
        if (value.mergeableText === true) {
          // A merged text is checked by its words below, not as one device's version.
          continue
        }
        // A merge write-back happens for a card with reviews or a discard change (arrived-learning.ts).
        const card = value.learningItem as
          { reviewLog?: unknown[]; disableLearningChangedAt?: number } | undefined
        const merged = card?.reviewLog !== undefined || card?.disableLearningChangedAt !== undefined
        const wrote =
          versions.get(key)?.has(canonicalJson(value)) === true ||
          (merged &&
            versionsBesideLearning.get(key)?.has(canonicalJson(besideLearning(value))) === true)
        expect(wrote, `${key} is not a version any device wrote: ${canonicalJson(value)}`).toBe(
          true,
        )
      }
      for (const [key, made] of reviews) {
        const value = onRelay.live[key]
        if (value === undefined) {
          continue
        }
        const logged = new Set(
          (
            (value.learningItem as { reviewLog?: { id: string }[] } | undefined)?.reviewLog ?? []
          ).map((entry) => entry.id),
        )
        for (const id of made) {
          expect(logged.has(id), `${key} lost review ${id}`).toBe(true)
        }
      }
      // Every word typed into a text that is left is in it exactly once (merged, never doubled by
      // two devices seeding the same old HTML).
      for (const [key, words] of typed) {
        const value = onRelay.live[key]
        if (value === undefined) {
          continue
        }
        const content = String(value.content)
        for (const word of words) {
          expect(content.split(word).length - 1, `${key} holds ${word} once: ${content}`).toBe(1)
        }
        const id = key.split('/')[1]!
        expect(content.split(`old ${id}`).length - 1, `${key} seeded once: ${content}`).toBe(1)
      }
      for (const device of devices) {
        expect(orphanedMarks(device), `${device.name}: marks without a bookmark`).toEqual([])
        expect(await pendingOf(device), `${device.name}: still pending`).toEqual([])
        expect(device.engine.getState()).toBe(SyncState.UP_TO_DATE)
      }
      run.entities = Object.keys(onRelay.live).length
      if (process.env.SYNC_PROPERTY_LOG === '1') {
        console.log(`seed ${seed} operations:\n  ${log.join('\n  ')}`)
      }
      return run
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new Error(
        `seed ${seed} failed: ${message}\n` +
          `replay: SYNC_PROPERTY_SEED=${seed} SYNC_PROPERTY_RUNS=1 npx vitest run --project sync-property sync-property\n` +
          `operations:\n  ${log.join('\n  ')}`,
        { cause: error },
      )
    } finally {
      if (relayDown) {
        await relay.start()
      }
      for (const device of devices) {
        await device.close()
      }
      // Drop this run's databases: every run starts from an empty IndexedDB.
      globalThis.indexedDB = new IDBFactory()
    }
  }

  const seeds = Array.from({ length: RUNS }, (_, index) => FIRST_SEED + index)
  const chunks: number[][] = []
  for (let start = 0; start < seeds.length; start += RUNS_PER_TEST) {
    chunks.push(seeds.slice(start, start + RUNS_PER_TEST))
  }
  it.each(chunks.map((chunk) => [chunk[0]!, chunk[chunk.length - 1]!, chunk] as const))(
    'seeds %i to %i',
    async (_first, _last, chunk) => {
      for (const seed of chunk) {
        stats.push(await runSeed(seed))
      }
    },
    240_000,
  )
})
