// The events and giveaways part of the storage contract (events-giveaways.ts): run by the SQLite
// and PostgreSQL storage tests, so both add counts, hold the monthly allowance and let one gift be
// taken once in the same way, concurrent callers included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GiveawayRedemption, StoredGiveaway } from './events-giveaways'
import type { RelayStorage, StoredUser } from './relay-storage'

function giveaway(id: string, giverId: string, createdAt: number): StoredGiveaway {
  return {
    id,
    giverId,
    planType: 'PREMIUM',
    days: 30,
    createdAt,
    expiresAt: createdAt + 1000,
    redeemedBy: null,
    redeemedAt: null,
  }
}

/** Takes an untaken gift, giving 30 days from 0. */
const takeOnce: GiveawayRedemption<StoredUser> = (gift) =>
  gift.redeemedAt === null
    ? { plan: { type: 'PREMIUM', expiresDateMillis: 30, userPlanDuration: '1M' } }
    : { refused: 'redeemed' }

/** Registers the events and giveaways contract for a storage opened fresh by `open`. */
export function describeEventsAndGiveawaysContract(
  name: string,
  open: () => Promise<RelayStorage>,
): void {
  describe(`${name} relay storage: events and giveaways`, () => {
    let storage: RelayStorage

    beforeEach(async () => {
      storage = await open()
      for (const id of ['u1', 'u2', 'u3']) {
        await storage.createUser({
          id,
          email: `${id}@example.com`,
          passwordHash: 'h',
          createdAt: 1,
        })
      }
    })
    afterEach(async () => {
      await storage.close()
    })

    it('adds event counts per day and name', async () => {
      await storage.addProductEventCounts('2026-11-25', [{ name: 'page_saved', count: 2 }])
      await storage.addProductEventCounts('2026-11-26', [
        { name: 'page_saved', count: 1 },
        { name: 'note_added', count: 4 },
      ])
      await storage.addProductEventCounts('2026-11-26', [{ name: 'page_saved', count: 5 }])
      await storage.addProductEventCounts('2026-11-26', [])
      expect(await storage.listProductEventCounts('2026-11-26', '2026-11-26')).toEqual([
        { day: '2026-11-26', name: 'note_added', count: 4 },
        { day: '2026-11-26', name: 'page_saved', count: 6 },
      ])
      expect(await storage.listProductEventCounts('2026-11-01', '2026-11-30')).toHaveLength(3)
    })

    it('holds the allowance since a moment, even for callers at once', async () => {
      expect(await storage.createGiveaway(giveaway('old', 'u1', 50), 100, 3)).toBe(true)
      const made = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((id, index) =>
          storage.createGiveaway(giveaway(id, 'u1', 100 + index), 100, 3),
        ),
      )
      expect(made.filter(Boolean)).toHaveLength(3)
      expect(await storage.listGiveawaysBy('u1', 100)).toHaveLength(3)
      expect(await storage.listGiveawaysBy('u2', 0)).toEqual([])
      expect(await storage.createGiveaway(giveaway('f', 'u2', 100), 100, 3)).toBe(true)
      expect(await storage.findGiveaway('f')).toEqual(giveaway('f', 'u2', 100))
      expect(await storage.findGiveaway('nope')).toBeUndefined()
    })

    it('redeems a gift once, storing the plan with it, even for two redeemers at once', async () => {
      await storage.createGiveaway(giveaway('g1', 'u1', 10), 0, 3)
      const outcomes = await Promise.all([
        storage.redeemGiveaway('g1', 'u2', 20, takeOnce),
        storage.redeemGiveaway('g1', 'u3', 20, takeOnce),
      ])
      const won = outcomes.filter((outcome) => outcome.ok)
      expect(won).toHaveLength(1)
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'redeemed' }])
      const winner = won[0]!.ok ? won[0]!.giveaway.redeemedBy! : ''
      expect((await storage.findUserById(winner))?.plan).toEqual({
        type: 'PREMIUM',
        expiresDateMillis: 30,
        userPlanDuration: '1M',
      })
      expect(await storage.findGiveaway('g1')).toMatchObject({ redeemedBy: winner, redeemedAt: 20 })
      expect(await storage.redeemGiveaway('nope', 'u2', 20, takeOnce)).toEqual({
        ok: false,
        reason: 'not-found',
      })
      expect(await storage.redeemGiveaway('g1', 'gone', 20, takeOnce)).toEqual({
        ok: false,
        reason: 'no-account',
      })
    })

    it('forgets a deleted giver’s gifts and keeps a gift redeemed when its redeemer is deleted', async () => {
      await storage.createGiveaway(giveaway('g1', 'u1', 10), 0, 3)
      await storage.createGiveaway(giveaway('g2', 'u2', 10), 0, 3)
      await storage.redeemGiveaway('g2', 'u3', 20, takeOnce)
      await storage.deleteUser('u1')
      await storage.deleteUser('u3')
      expect(await storage.findGiveaway('g1')).toBeUndefined()
      expect(await storage.findGiveaway('g2')).toMatchObject({ redeemedBy: null, redeemedAt: 20 })
    })
  })
}
