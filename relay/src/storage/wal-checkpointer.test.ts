import Database from 'better-sqlite3'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CHECKPOINT_AFTER_BYTES, startWalCheckpointer } from './wal-checkpointer'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function walDatabase(): Promise<{ db: Database.Database; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'inkmark-wal-'))
  dirs.push(dir)
  const file = join(dir, 'db.sqlite')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('wal_autocheckpoint = 0')
  db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, data BLOB NOT NULL)')
  return { db, file }
}

describe('the WAL checkpointer', () => {
  it('checkpoints from its worker once enough was appended, so the writer can reuse the log', async () => {
    const { db, file } = await walDatabase()
    const checkpointer = startWalCheckpointer(file)
    const insert = db.prepare('INSERT INTO blobs (data) VALUES (?)')
    const blob = Buffer.alloc(64 * 1024, 7)
    for (let written = 0; written < CHECKPOINT_AFTER_BYTES; written += blob.length) {
      insert.run(blob)
      checkpointer.appended(blob.length)
    }
    expect(await checkpointer.idle()).toBe(1)
    const walBytes = (await stat(`${file}-wal`)).size
    // Everything was copied back: the next writes start the log over instead of growing it.
    for (let index = 0; index < 10; index += 1) {
      insert.run(blob)
    }
    expect((await stat(`${file}-wal`)).size).toBe(walBytes)
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 74 })
    await checkpointer.close()
    db.close()
  })

  it('does nothing until enough was appended, and closes without having worked', async () => {
    const { db, file } = await walDatabase()
    const checkpointer = startWalCheckpointer(file)
    checkpointer.appended(CHECKPOINT_AFTER_BYTES - 1)
    expect(await checkpointer.idle()).toBe(0)
    await checkpointer.close()
    db.close()
  })
})
