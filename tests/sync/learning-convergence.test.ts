// Devices that review the same highlights offline converge with every review kept (issue 14, ADR
// 041). A seeded property over a real relay: three devices of one account start from one synced
// library, go offline, review and discard cards at random (both schedulers, clocks that tie), then
// come back in a random order, by REST alone or with live rooms too. After the final sync round
// every device and the relay hold identical highlights, each card's review log holds every review
// any device made, and the card is the merge of the devices' copies (the same on each device).
//
// Replay one seed: LEARNING_SEED=5 LEARNING_RUNS=1 npx vitest run --project sync learning-convergence
import {
  LearningRating,
  LearningItemSchema,
  mergeLearningItems,
  type LearningItem,
  type Mark,
} from '@inkmark/shared'
import { createSeededRandom } from '@inkmark/shared/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closedPortUrl, createRelayProcess, type RelayProcess } from '../src/relay-process'
import { openDevice, registerAccount, type SyncDevice } from '../src/sync-device'
import { bookmark, mark, put } from '../src/sync-entities'
import { deviceSnapshot, relayContents, settle, until } from '../src/sync-snapshot'

const RUNS = Number(process.env.LEARNING_RUNS ?? 12)
const FIRST_SEED = Number(process.env.LEARNING_SEED ?? 1)
const DEVICES = 3
const CARDS = ['m1', 'm2', 'm3']
const RATINGS = [LearningRating.DONT_KNOW, LearningRating.NEUTRAL, LearningRating.KNOW] as const
const DAY = 86_400_000
const START = Date.UTC(2026, 5, 15, 12)

function learningItemOf(device: SyncDevice, id: string): LearningItem | undefined {
  const stored = device.store.getAllMarks().find((entry: Mark) => entry._id === id)?.learningItem
  return stored === undefined ? undefined : LearningItemSchema.parse(stored)
}

describe('property: cards reviewed offline on several devices converge with every review kept', () => {
  let relay: RelayProcess
  let deadUrl: string
  const opened: SyncDevice[] = []

  beforeAll(async () => {
    relay = await createRelayProcess()
    await relay.start()
    deadUrl = await closedPortUrl()
  })
  afterAll(async () => {
    for (const device of opened) {
      await device.close()
    }
    await relay.dispose()
  })

  async function runSeed(seed: number): Promise<void> {
    const random = createSeededRandom(seed)
    const token = await registerAccount(relay.url, `learning-${seed}-${Date.now()}@example.com`)
    const devices: SyncDevice[] = []
    for (let index = 0; index < DEVICES; index++) {
      devices.push(await openDevice(relay.url, token, `learn-${seed}-${index}`))
    }
    opened.push(...devices)
    const [first] = devices as [SyncDevice]
    await put(first, [bookmark('b1', { isStarred: true }), ...CARDS.map((id) => mark(id, 'b1'))])
    // Some cards were reviewed before the devices part.
    for (const id of CARDS) {
      if (random.chance(0.5)) {
        await first.store.reviewMark(id, random.pick(RATINGS), START - 2 * DAY)
      }
    }
    await settle(devices)

    // Offline: each device reviews and discards at random.
    for (const device of devices) {
      device.servers = [deadUrl]
    }
    const reviewsMade = new Map<string, number>(CARDS.map((id) => [id, 0]))
    for (const device of devices) {
      if (random.chance(0.3)) {
        await device.store.updateChromeSettings({
          learningScheduler: random.chance(0.5) ? 'FSRS' : 'SPEC',
          desiredRetention: random.pick([0.8, 0.9, 0.95]),
        })
      }
      const steps = random.int(1, 5)
      for (let step = 0; step < steps; step++) {
        const id = random.pick(CARDS)
        // Whole half-days over a few days: devices often review at the very same moment.
        const at = START + random.int(0, 8) * (DAY / 2)
        if (random.chance(0.2)) {
          await device.store.setMarkLearningDisabled(id, random.chance(0.5), at)
        } else {
          await device.store.reviewMark(id, random.pick(RATINGS), at)
          reviewsMade.set(id, reviewsMade.get(id)! + 1)
        }
      }
    }
    const offlineCopies = new Map(
      CARDS.map((id) => [
        id,
        devices
          .map((device) => learningItemOf(device, id))
          .filter((item): item is LearningItem => item !== undefined),
      ]),
    )
    const expected = new Map(
      CARDS.map((id) => [
        id,
        offlineCopies
          .get(id)!
          .reduce<LearningItem | undefined>(
            (merged, copy) => (merged === undefined ? copy : mergeLearningItems(merged, copy)),
            undefined,
          ),
      ]),
    )

    // Back online in a random order, sometimes with live rooms too.
    const order = [...devices].sort(() => (random.chance(0.5) ? 1 : -1))
    const live = random.chance(0.4)
    for (const device of order) {
      device.servers = [relay.url]
      if (live) {
        device.live.connect(device.store)
      }
      await device.engine.sync()
    }
    if (live) {
      await until(() => devices.every((device) => device.live.synced), 10_000, 'rooms')
    }
    await settle(devices)
    if (live) {
      // Room updates may still be on their way: wait for one library everywhere, then settle.
      const snapshotText = async (device: SyncDevice) =>
        JSON.stringify(await deviceSnapshot(device, { bodies: false }))
      await until(
        async () => {
          const texts = await Promise.all(devices.map(snapshotText))
          return texts.every((text) => text === texts[0])
        },
        10_000,
        'rooms to agree',
      )
      for (const device of devices) {
        device.live.disconnect()
      }
      await settle(devices)
    }

    const context = `seed ${seed}${live ? ' (live rooms)' : ''}`
    const snapshots = await Promise.all(devices.map((device) => deviceSnapshot(device)))
    for (const snapshot of snapshots.slice(1)) {
      expect(snapshot, context).toEqual(snapshots[0])
    }
    const onRelay = await relayContents(relay.url, token)
    const relayMarks = Object.fromEntries(
      Object.entries(onRelay.live).filter(([key]) => key.startsWith('marks/')),
    )
    const deviceMarks = Object.fromEntries(
      Object.entries(snapshots[0]!).filter(([key]) => key.startsWith('marks/')),
    )
    expect(relayMarks, context).toEqual(deviceMarks)
    for (const id of CARDS) {
      const items = devices.map((device) => learningItemOf(device, id))
      const before = learningItemOf(first, id)?.reviewLog ?? []
      expect(items[0], `${context} ${id}`).toEqual(expected.get(id))
      const ids = new Set(
        offlineCopies.get(id)!.flatMap((copy) => (copy.reviewLog ?? []).map((entry) => entry.id)),
      )
      expect(new Set(before.map((entry) => entry.id)), `${context} ${id}`).toEqual(ids)
      expect(reviewsMade.get(id)! <= before.length, `${context} ${id}`).toBe(true)
    }
  }

  it('keeps both reviews in one round when the later device pulls the other copy', async () => {
    const token = await registerAccount(relay.url, `learning-round-${Date.now()}@example.com`)
    const laptop = await openDevice(relay.url, token, 'round-laptop')
    const phone = await openDevice(relay.url, token, 'round-phone')
    opened.push(laptop, phone)
    await put(laptop, [bookmark('b1', { isStarred: true }), mark('m1', 'b1')])
    await settle([laptop, phone])
    laptop.servers = [deadUrl]
    phone.servers = [deadUrl]
    await laptop.store.reviewMark('m1', LearningRating.KNOW, START)
    // The phone's review is the later edit: its copy wins the pull and is pushed next.
    await phone.store.reviewMark('m1', LearningRating.DONT_KNOW, START + DAY / 2)
    laptop.servers = [relay.url]
    phone.servers = [relay.url]
    await laptop.engine.sync()
    await phone.engine.sync()
    // One round: the phone took the laptop's review in before it pushed its own copy.
    const onRelay = await relayContents(relay.url, token)
    const relayItem = LearningItemSchema.parse(
      (onRelay.live['marks/m1'] as { learningItem: unknown }).learningItem,
    )
    expect(relayItem.reviewLog?.map((entry) => entry.reviewedAt)).toEqual([START, START + DAY / 2])
    expect(learningItemOf(phone, 'm1')).toEqual(relayItem)
  })

  const seeds = Array.from({ length: RUNS }, (_, index) => FIRST_SEED + index)
  it.each(seeds)(
    'seed %i',
    async (seed) => {
      await runSeed(seed)
    },
    120_000,
  )
})
