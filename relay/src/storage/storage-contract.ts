// The behaviour every RelayStorage must have. Each implementation's test file runs this suite
// against a fresh store, so SQLite and PostgreSQL are held to exactly the same contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EmailTakenError, TokenPurpose, type RelayStorage } from './relay-storage'

const bytes = (...values: number[]) => new Uint8Array(values)

/** Registers the contract tests for a storage opened fresh by `open` before each test. */
export function describeRelayStorageContract(
  name: string,
  open: () => Promise<RelayStorage>,
): void {
  describe(`${name} relay storage`, () => {
    let storage: RelayStorage

    beforeEach(async () => {
      storage = await open()
      await storage.createUser({
        id: 'u1',
        email: 'ada@example.com',
        passwordHash: 'h1',
        createdAt: 1,
      })
      await storage.createUser({
        id: 'u2',
        email: 'bob@example.com',
        passwordHash: 'h2',
        createdAt: 2,
      })
    })
    afterEach(async () => {
      await storage.close()
    })

    it('creates and finds users, by id and case-insensitively by email', async () => {
      const user = await storage.findUserByEmail('ADA@example.com')
      expect(user).toMatchObject({
        id: 'u1',
        email: 'ada@example.com',
        passwordHash: 'h1',
        createdAt: 1,
      })
      expect(user?.emailConfirmed).toBe(false)
      expect(user?.premium).toBe(false)
      expect(user?.plan).toBeNull()
      expect((await storage.findUserById('u2'))?.email).toBe('bob@example.com')
      expect(await storage.findUserById('nobody')).toBeUndefined()
      expect(await storage.findUserByEmail('nobody@example.com')).toBeUndefined()
    })

    it('keeps a plan granted at registration', async () => {
      const plan = { type: 'FREE_TRIAL', expiresDateMillis: 99, userPlanDuration: '1Y' }
      await storage.createUser({
        id: 'u9',
        email: 'trial@example.com',
        passwordHash: 'h',
        createdAt: 9,
        plan,
      })
      expect((await storage.findUserById('u9'))?.plan).toEqual(plan)
    })

    it('refuses a second account with the same email', async () => {
      await expect(
        storage.createUser({ id: 'u3', email: 'Ada@Example.com', passwordHash: 'h', createdAt: 3 }),
      ).rejects.toBeInstanceOf(EmailTakenError)
    })

    it('changes the password hash and confirms the email', async () => {
      await storage.setPasswordHash('u1', 'new-hash')
      await storage.setEmailConfirmed('u1')
      expect(await storage.findUserById('u1')).toMatchObject({
        passwordHash: 'new-hash',
        emailConfirmed: true,
      })
    })

    it('consumes one-time tokens once, by purpose, until they expire', async () => {
      await storage.putOneTimeToken('t1', 'u1', TokenPurpose.RESET_PASSWORD, 100)
      expect(await storage.takeOneTimeToken('t1', TokenPurpose.CONFIRM_EMAIL, 50)).toBeUndefined()
      expect(await storage.takeOneTimeToken('t1', TokenPurpose.RESET_PASSWORD, 50)).toBe('u1')
      expect(await storage.takeOneTimeToken('t1', TokenPurpose.RESET_PASSWORD, 50)).toBeUndefined()
      await storage.putOneTimeToken('t2', 'u1', TokenPurpose.RESET_PASSWORD, 100)
      expect(await storage.takeOneTimeToken('t2', TokenPurpose.RESET_PASSWORD, 100)).toBeUndefined()
    })

    it('appends doc updates per user and doc and loads them in order', async () => {
      await storage.appendDocUpdate('u1', 'library', bytes(1), [])
      await storage.appendDocUpdate('u1', 'library', bytes(2), [])
      await storage.appendDocUpdate('u1', 'other', bytes(9), [])
      await storage.appendDocUpdate('u2', 'library', bytes(7), [])
      const updates = await storage.loadDocUpdates('u1', 'library')
      expect(updates.map((entry) => [...entry.update])).toEqual([[1], [2]])
      const after = await storage.loadDocUpdates('u1', 'library', updates[0]!.id)
      expect(after.map((entry) => [...entry.update])).toEqual([[2]])
      expect(
        (await storage.loadDocUpdates('u2', 'library')).map((entry) => [...entry.update]),
      ).toEqual([[7]])
    })

    it('compacts the updates up to an id into one', async () => {
      await storage.appendDocUpdate('u1', 'library', bytes(1), [])
      await storage.appendDocUpdate('u1', 'library', bytes(2), [])
      const [, second] = await storage.loadDocUpdates('u1', 'library')
      await storage.appendDocUpdate('u1', 'library', bytes(3), [])
      await storage.compactDoc('u1', 'library', bytes(1, 2), second!.id)
      const updates = await storage.loadDocUpdates('u1', 'library')
      expect(updates.map((entry) => [...entry.update]).sort()).toEqual([[1, 2], [3]])
    })

    it('gives the merged update of a compaction an id above the ones it replaced', async () => {
      await storage.appendDocUpdate('u1', 'library', bytes(1), [])
      const upTo = await storage.appendDocUpdate('u1', 'library', bytes(2), [])
      const merged = await storage.compactDoc('u1', 'library', bytes(1, 2), upTo)
      expect(merged).toBeGreaterThan(upTo)
      expect(await storage.loadDocUpdates('u1', 'library')).toEqual([
        { id: merged, update: bytes(1, 2) },
      ])
    })

    it('deletes every stored update of one doc and no other', async () => {
      await storage.appendDocUpdate('u1', 'pagecontent-p1', bytes(1), [])
      await storage.appendDocUpdate('u1', 'pagecontent-p1', bytes(2), [])
      await storage.appendDocUpdate('u1', 'pagecontent-p2', bytes(3), [])
      await storage.appendDocUpdate('u2', 'pagecontent-p1', bytes(4), [])
      await storage.deleteDoc('u1', 'pagecontent-p1')
      expect(await storage.loadDocUpdates('u1', 'pagecontent-p1')).toEqual([])
      expect(await storage.loadDocUpdates('u1', 'pagecontent-p2')).toHaveLength(1)
      expect(await storage.loadDocUpdates('u2', 'pagecontent-p1')).toHaveLength(1)
    })

    it('keeps deleted versions per user, forgets them on demand and prunes old ones', async () => {
      await storage.putDeletedVersions('u1', [
        { key: 'marks/m1', version: 10.5, deletedAt: 100 },
        { key: 'marks/m2', version: 20, deletedAt: 200 },
      ])
      await storage.putDeletedVersions('u2', [{ key: 'marks/m1', version: 99, deletedAt: 100 }])
      await storage.putDeletedVersions('u1', [{ key: 'marks/m1', version: 11, deletedAt: 300 }])
      expect(await storage.getDeletedVersions('u1', ['marks/m1', 'marks/m2', 'marks/m3'])).toEqual(
        new Map([
          ['marks/m1', 11],
          ['marks/m2', 20],
        ]),
      )
      await storage.forgetDeletedVersions('u1', ['marks/m2'])
      expect(await storage.getDeletedVersions('u1', ['marks/m2'])).toEqual(new Map())
      expect(await storage.pruneDeletedVersions(250)).toBe(1)
      expect(await storage.getDeletedVersions('u2', ['marks/m1'])).toEqual(new Map())
      expect(await storage.getDeletedVersions('u1', ['marks/m1'])).toEqual(
        new Map([['marks/m1', 11]]),
      )
      await storage.deleteUser('u1')
      expect(await storage.getDeletedVersions('u1', ['marks/m1'])).toEqual(new Map())
    })

    it('keeps a per-user revision index: latest change per entity, in order, paged', async () => {
      await storage.appendDocUpdate('u1', 'library', bytes(1), [
        { store: 'marks', entityId: 'm1', deleted: false },
        { store: 'bookmarks', entityId: 'b1', deleted: false },
      ])
      await storage.appendDocUpdate('u2', 'library', bytes(1), [
        { store: 'marks', entityId: 'x', deleted: false },
      ])
      await storage.appendDocUpdate('u1', 'library', bytes(2), [
        { store: 'marks', entityId: 'm1', deleted: true },
      ])
      const all = await storage.listChangesSince('u1', 0, 100)
      expect(all.map((entry) => [entry.store, entry.entityId, entry.deleted])).toEqual([
        ['bookmarks', 'b1', false],
        ['marks', 'm1', true],
      ])
      expect(all[0]!.revision).toBeLessThan(all[1]!.revision)
      const firstPage = await storage.listChangesSince('u1', 0, 1)
      expect(firstPage).toHaveLength(1)
      const secondPage = await storage.listChangesSince('u1', firstPage[0]!.revision, 1)
      expect(secondPage.map((entry) => entry.entityId)).toEqual(['m1'])
      expect(await storage.listChangesSince('u1', secondPage[0]!.revision, 10)).toEqual([])
      expect((await storage.listChangesSince('u2', 0, 10)).map((entry) => entry.entityId)).toEqual([
        'x',
      ])
    })

    it('deletes a user with every piece of their data and nobody else’s', async () => {
      await storage.appendDocUpdate('u1', 'library', bytes(1), [
        { store: 'marks', entityId: 'm1', deleted: false },
      ])
      await storage.appendDocUpdate('u2', 'library', bytes(2), [
        { store: 'marks', entityId: 'm2', deleted: false },
      ])
      await storage.putOneTimeToken('t', 'u1', TokenPurpose.CONFIRM_EMAIL, 100)
      await storage.deleteUser('u1')
      expect(await storage.findUserById('u1')).toBeUndefined()
      expect(await storage.loadDocUpdates('u1', 'library')).toEqual([])
      expect(await storage.listChangesSince('u1', 0, 10)).toEqual([])
      expect(await storage.takeOneTimeToken('t', TokenPurpose.CONFIRM_EMAIL, 0)).toBeUndefined()
      expect(await storage.loadDocUpdates('u2', 'library')).toHaveLength(1)
    })

    it('keeps each user’s stored update bytes as a running total through appends, compaction and deletion', async () => {
      expect(await storage.getStoredBytes('u1')).toBe(0)
      await storage.appendDocUpdate('u1', 'library', bytes(1, 2, 3), [])
      const second = await storage.appendDocUpdate('u1', 'library', bytes(4, 5), [])
      await storage.appendDocUpdate('u1', 'pagecontent-p1', bytes(6, 7, 8, 9), [])
      await storage.appendDocUpdate('u2', 'library', bytes(1), [])
      expect(await storage.getStoredBytes('u1')).toBe(9)
      expect(await storage.getStoredBytes('u2')).toBe(1)

      // Compaction replaces the first two updates (5 bytes) by one of 1 byte.
      await storage.compactDoc('u1', 'library', bytes(42), second)
      expect(await storage.getStoredBytes('u1')).toBe(5)

      await storage.deleteUser('u1')
      expect(await storage.getStoredBytes('u1')).toBe(0)
      expect(await storage.getStoredBytes('u2')).toBe(1)
    })

    it('raises the session version on revocation and on a password change', async () => {
      expect((await storage.findUserById('u1'))?.sessionVersion).toBe(0)
      await storage.revokeSessions('u1')
      expect((await storage.findUserById('u1'))?.sessionVersion).toBe(1)
      await storage.setPasswordHash('u1', 'newer-hash')
      expect(await storage.findUserById('u1')).toMatchObject({
        passwordHash: 'newer-hash',
        sessionVersion: 2,
      })
      expect((await storage.findUserById('u2'))?.sessionVersion).toBe(0)
    })

    it('takes a room ticket once, before it expires, and forgets it with its user', async () => {
      const ticket = {
        hash: 'th1',
        userId: 'u1',
        docName: 'library',
        sessionVersion: 3,
        sessionExpiresAt: 5000,
        expiresAt: 100,
      }
      await storage.putRoomTicket(ticket, 0)
      expect(await storage.takeRoomTicket('th1', 50)).toEqual(ticket)
      expect(await storage.takeRoomTicket('th1', 50)).toBeUndefined()
      await storage.putRoomTicket({ ...ticket, hash: 'th2', docName: null }, 0)
      expect(await storage.takeRoomTicket('th2', 100)).toBeUndefined()
      await storage.putRoomTicket({ ...ticket, hash: 'th3' }, 0)
      await storage.deleteUser('u1')
      expect(await storage.takeRoomTicket('th3', 0)).toBeUndefined()
    })

    it('deletes outbox mails by age and with the account they were sent to', async () => {
      await storage.addMail({ to: 'ADA@example.com', subject: 'Old', text: 'a', createdAt: 1 })
      await storage.addMail({ to: 'ada@example.com', subject: 'New', text: 'b', createdAt: 5 })
      await storage.addMail({ to: 'bob@example.com', subject: 'Bob', text: 'c', createdAt: 5 })
      await storage.deleteMailsBefore(1)
      expect((await storage.listMails()).map((mail) => mail.subject)).toEqual(['New', 'Bob'])
      await storage.deleteUser('u1')
      expect((await storage.listMails()).map((mail) => mail.subject)).toEqual(['Bob'])
    })

    it('keeps email settings per user, defaults first, changed one at a time', async () => {
      const defaults = { emailSettings: 'ALL', isLearningReminderEmailEnabled: true }
      expect(await storage.getEmailSettings('u1')).toEqual(defaults)
      expect(
        await storage.setEmailSettings('u1', { isLearningReminderEmailEnabled: false }),
      ).toEqual({ emailSettings: 'ALL', isLearningReminderEmailEnabled: false })
      expect(await storage.setEmailSettings('u1', { emailSettings: 'NONE' })).toEqual({
        emailSettings: 'NONE',
        isLearningReminderEmailEnabled: false,
      })
      expect(await storage.getEmailSettings('u2')).toEqual(defaults)
      expect(await storage.setEmailSettings('nobody', { emailSettings: 'NONE' })).toBeUndefined()
    })

    it('replaces a user’s learning info and lists reminder candidates by their settings', async () => {
      const info = {
        userId: 'u1',
        dueCount: 3,
        learnedToday: 1,
        dailyTarget: 10,
        nextDueAt: 1_800_000_000_000,
        timeZone: 'Europe/Berlin',
        reportedAt: 5,
      }
      await storage.putLearningInfo(info)
      await storage.putLearningInfo({ ...info, dueCount: 7, nextDueAt: null, reportedAt: 6 })
      await storage.putLearningInfo({ ...info, userId: 'u2', timeZone: 'UTC' })
      expect(await storage.getLearningInfo('u1')).toEqual({
        ...info,
        dueCount: 7,
        nextDueAt: null,
        reportedAt: 6,
      })
      expect(await storage.getLearningInfo('u2')).toMatchObject({ userId: 'u2', dueCount: 3 })
      // Unconfirmed emails get no reminder.
      expect(await storage.listReminderCandidates('', 10)).toEqual([])
      await storage.setEmailConfirmed('u1')
      await storage.setEmailConfirmed('u2')
      const all = await storage.listReminderCandidates('', 10)
      expect(all.map((candidate) => [candidate.userId, candidate.email])).toEqual([
        ['u1', 'ada@example.com'],
        ['u2', 'bob@example.com'],
      ])
      expect(all[0]?.lastReminderDay).toBeNull()
      expect((await storage.listReminderCandidates('u1', 10)).map((c) => c.userId)).toEqual(['u2'])
      expect((await storage.listReminderCandidates('', 1)).map((c) => c.userId)).toEqual(['u1'])
      await storage.setEmailSettings('u1', { isLearningReminderEmailEnabled: false })
      await storage.setEmailSettings('u2', { emailSettings: 'NONE' })
      expect(await storage.listReminderCandidates('', 10)).toEqual([])
      await storage.deleteUser('u1')
      expect(await storage.getLearningInfo('u1')).toBeUndefined()
    })

    it('claims a user’s reminder once per local day, and takes a released claim again', async () => {
      expect(await storage.claimReminder('u1', '2026-11-26', 1)).toBe(true)
      expect(await storage.claimReminder('u1', '2026-11-26', 2)).toBe(false)
      expect(await storage.claimReminder('u2', '2026-11-26', 2)).toBe(true)
      await storage.putLearningInfo({
        userId: 'u1',
        dueCount: 1,
        learnedToday: 0,
        dailyTarget: 10,
        nextDueAt: null,
        timeZone: 'UTC',
        reportedAt: 1,
      })
      await storage.setEmailConfirmed('u1')
      expect((await storage.listReminderCandidates('', 10))[0]?.lastReminderDay).toBe('2026-11-26')
      await storage.releaseReminder('u1', '2026-11-25')
      expect(await storage.claimReminder('u1', '2026-11-26', 3)).toBe(false)
      await storage.releaseReminder('u1', '2026-11-26')
      expect(await storage.claimReminder('u1', '2026-11-26', 4)).toBe(true)
      expect(await storage.claimReminder('u1', '2026-11-27', 5)).toBe(true)
    })

    it('stores outbox mails in order', async () => {
      await storage.addMail({ to: 'a@example.com', subject: 'One', text: 'first', createdAt: 1 })
      await storage.addMail({ to: 'b@example.com', subject: 'Two', text: 'second', createdAt: 2 })
      expect((await storage.listMails()).map((mail) => mail.subject)).toEqual(['One', 'Two'])
    })
  })
}
