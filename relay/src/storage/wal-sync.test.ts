import Database from 'better-sqlite3'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openWalSync } from './wal-sync'

describe('syncing the WAL off the event loop', () => {
  it('resolves every caller, those that came during a sync by the next one, and closes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'inkmark-wal-sync-'))
    try {
      const file = join(dir, 'db.sqlite')
      const db = new Database(file)
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = NORMAL')
      db.exec('CREATE TABLE t (x)')
      const walSync = openWalSync(file)
      const order: string[] = []
      db.prepare('INSERT INTO t VALUES (1)').run()
      const first = walSync.sync().then(() => order.push('first'))
      db.prepare('INSERT INTO t VALUES (2)').run()
      const second = walSync.sync().then(() => order.push('second'))
      const third = walSync.sync().then(() => order.push('third'))
      await Promise.all([first, second, third])
      expect(order).toEqual(['first', 'second', 'third'])
      await walSync.sync()
      await walSync.close()
      db.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
