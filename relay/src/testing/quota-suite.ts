// The storage quotas as a suite any storage runs (limits/quotas.test.ts on SQLite,
// relay-postgres.test.ts on PostgreSQL): the account quota on /sync writes and in rooms, and the
// plan's page-content quota on /sync, each refused with QUOTA_EXCEEDED and the figures, while
// deleting stays possible and other accounts are not affected.
import { ObjectStore, entityMap } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { ROOM_QUOTA_EXCEEDED_CLOSE_CODE } from '../limits/room-limits'
import {
  buildRelayOn,
  createUser,
  entity,
  injectAs,
  pullAll,
  pulledIds,
  push,
  type OpenStorage,
} from './relay-harness'
import { connectRoom, listenForRooms, nextClose, whenSynced } from './ws-client'

/** Registers the quota suite for relays on storages from `open`. */
export function describeQuotas(name: string, open: OpenStorage): void {
  describe(`storage quotas (${name})`, () => {
    it('refuses /sync writes past the account quota with 507 QUOTA_EXCEEDED and the figures', async () => {
      const quota = 40_000
      const app = await buildRelayOn(open, { config: { limits: { accountQuotaBytes: quota } } })
      const ada = await createUser(app, 'ada@example.com')
      const bob = await createUser(app, 'bob@example.com')
      const page = 'x'.repeat(15_000)
      await push(app, ada, [entity.page('p1', page)])
      await push(app, ada, [entity.page('p2', page)])

      const refused = await injectAs(app, ada, {
        method: 'POST',
        url: '/sync',
        payload: { entities: [entity.page('p3', page)] },
      })
      expect(refused.statusCode).toBe(507)
      const body = refused.json<{ code: string; usedBytes: number; quotaBytes: number }>()
      expect(body).toMatchObject({ code: 'QUOTA_EXCEEDED', quotaBytes: quota })
      expect(body.usedBytes).toBeGreaterThan(30_000)
      expect(pulledIds(await pullAll(app, ada))).toEqual(['p1', 'p2'])

      // Deleting is never refused, and another account has its own quota.
      const deleted = await injectAs(app, ada, {
        method: 'DELETE',
        url: '/sync',
        payload: { entities: [{ _id: 'p1', _objectStore: 'pagecontents' }] },
      })
      expect(deleted.statusCode).toBe(200)
      await push(app, bob, [entity.page('b1', page)])
    })

    // 11 MB of page content through a real database: PostgreSQL on a loaded machine takes over 5 s.
    it('refuses page contents past the plan’s page-content quota with the spec’s message', async () => {
      // A legacy account (created before 2023) syncs on Free, with the Free quota: 10 MB (base 1000).
      const app = await buildRelayOn(open, {
        config: { trialDays: 0 },
        now: () => Date.UTC(2022, 5, 1),
      })
      const ada = await createUser(app, 'ada@example.com')
      const big = 'x'.repeat(5_500_000)
      await push(app, ada, [entity.page('p1', big)])
      const answer = await injectAs(app, ada, {
        method: 'POST',
        url: '/sync',
        payload: { entities: [entity.page('p2', big), entity.bookmark('b1')] },
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({
        stored: ['b1'],
        rejected: [
          {
            _id: 'p2',
            _objectStore: 'pagecontents',
            code: 'QUOTA_EXCEEDED',
            message: expect.stringMatching(/^Storage full\. .*upgrade your plan/) as string,
          },
        ],
      })
      // Writing the stored page again (same size) still fits.
      const again = await injectAs(app, ada, {
        method: 'PUT',
        url: '/sync',
        payload: { entities: [entity.page('p1', big, { title: 'Renamed' })] },
      })
      expect(again.json<{ stored: string[] }>().stored).toEqual(['p1'])
      expect(pulledIds(await pullAll(app, ada))).toEqual(['b1', 'p1'])
    }, 30_000)

    it('closes a room socket whose update would pass the account quota', async () => {
      const app = await buildRelayOn(open, { config: { limits: { accountQuotaBytes: 20_000 } } })
      const ada = await createUser(app, 'ada@example.com')
      const url = await listenForRooms(app)
      const client = connectRoom(url, 'library', ada.token)
      await whenSynced(client)
      // Let the room's copy of the usage be read (the first messages pass while it is read).
      await push(app, ada, [entity.bookmark('b1')])

      const closed = nextClose(client)
      entityMap(client.doc, ObjectStore.BOOKMARKS).set(
        'big',
        entity.bookmark('big', { title: 'y'.repeat(30_000) }),
      )
      expect(await closed).toMatchObject({ code: ROOM_QUOTA_EXCEEDED_CLOSE_CODE })
      expect(pulledIds(await pullAll(app, ada))).toEqual(['b1'])
    })
  })
}
