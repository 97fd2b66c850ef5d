// The integration-usage part of the storage contract (integration-usage-records.ts): run by the
// SQLite and PostgreSQL storage tests, so both take a day's slots up to the limit only (concurrent
// takes included), give a failed export's slot back, count per account, service and day apart,
// and drop an account's counts with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RelayStorage } from './relay-storage'

export function describeIntegrationUsageContract(
  name: string,
  open: () => Promise<RelayStorage>,
): void {
  describe(`${name} integration usage`, () => {
    let storage: RelayStorage
    let userId: string
    let otherId: string

    beforeEach(async () => {
      storage = await open()
      const user = { passwordHash: 'x', createdAt: 1 }
      userId = (await storage.createUser({ ...user, id: 'usage-a', email: 'usage-a@example.com' }))
        .id
      otherId = (await storage.createUser({ ...user, id: 'usage-b', email: 'usage-b@example.com' }))
        .id
    })

    afterEach(async () => {
      await storage.close()
    })

    it('takes slots up to the limit, per account, service and day', async () => {
      const day = '2026-11-26'
      expect(await storage.takeIntegrationExport(userId, 'notion', day, 1)).toBe(true)
      expect(await storage.takeIntegrationExport(userId, 'notion', day, 1)).toBe(false)
      expect(await storage.countIntegrationExports(userId, 'notion', day)).toBe(1)
      expect(await storage.takeIntegrationExport(userId, 'capacities', day, 1)).toBe(true)
      expect(await storage.takeIntegrationExport(otherId, 'notion', day, 1)).toBe(true)
      expect(await storage.takeIntegrationExport(userId, 'notion', '2026-11-27', 1)).toBe(true)
      expect(await storage.takeIntegrationExport(userId, 'notion', day, 0)).toBe(false)
    })

    it('never takes more than the limit when takes race', async () => {
      const day = '2026-11-26'
      const taken = await Promise.all(
        Array.from({ length: 8 }, () => storage.takeIntegrationExport(userId, 'notion', day, 3)),
      )
      expect(taken.filter(Boolean)).toHaveLength(3)
      expect(await storage.countIntegrationExports(userId, 'notion', day)).toBe(3)
    })

    it('counts without a limit on an unlimited plan, and gives a failed export back', async () => {
      const day = '2026-11-26'
      for (let index = 0; index < 3; index += 1) {
        expect(await storage.takeIntegrationExport(userId, 'notion', day, Infinity)).toBe(true)
      }
      await storage.releaseIntegrationExport(userId, 'notion', day)
      expect(await storage.countIntegrationExports(userId, 'notion', day)).toBe(2)
      await storage.releaseIntegrationExport(userId, 'capacities', day)
      expect(await storage.countIntegrationExports(userId, 'capacities', day)).toBe(0)
    })

    it("drops the account's counts with the account", async () => {
      const day = '2026-11-26'
      await storage.takeIntegrationExport(userId, 'notion', day, 1)
      await storage.deleteUser(userId)
      expect(await storage.countIntegrationExports(userId, 'notion', day)).toBe(0)
    })
  })
}
