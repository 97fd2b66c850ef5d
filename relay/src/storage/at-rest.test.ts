// The relay's data at rest: its directory is made 0700 and the SQLite file (and its -wal and -shm)
// 0600, and a deleted account leaves nothing of it readable in the files: not its email, not the
// text of its notes, not the mails sent to it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/build'
import { createUser, entity, injectAs, push } from '../testing/relay-harness'
import { openSqliteStorage } from './sqlite-storage'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) {
    rmSync(root, { recursive: true, force: true })
  }
})

function freshDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'inkmark-at-rest-'))
  roots.push(root)
  return join(root, 'data')
}

function mode(path: string): number {
  return statSync(path).mode & 0o777
}

/** Every byte SQLite keeps for `file`. */
function storedBytes(file: string): Buffer {
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`].filter(existsSync).map((path) => readFileSync(path)),
  )
}

describe('relay data at rest', () => {
  it('creates the data directory 0700 and the database files 0600', async () => {
    const dir = freshDir()
    const file = join(dir, 'inkmark-relay.sqlite')
    const storage = openSqliteStorage(file)
    try {
      await storage.createUser({
        id: 'u1',
        email: 'a@example.com',
        passwordHash: 'h',
        createdAt: 1,
      })
      expect(mode(dir)).toBe(0o700)
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(mode(path), path).toBe(0o600)
      }
    } finally {
      await storage.close()
    }
  })

  it('leaves nothing of a deleted account readable in the files', async () => {
    const file = join(freshDir(), 'inkmark-relay.sqlite')
    const app = await buildRelay({ storage: openSqliteStorage(file) })
    const email = 'zebra.quokka.71@example.com'
    const note = 'Distinctive-note-text-Zanzibar-4471'
    const zed = await createUser(app, email)
    const bob = await createUser(app, 'bob@example.com')
    await app.inject({ method: 'POST', url: `/users/reset-password?email=${email}` })
    await push(app, zed, [
      entity.bookmark('b1', { title: `${note} title` }),
      entity.mark('m1', 'b1', { text: `${note} highlight`, note }),
      entity.page('p1', `<p>${note} page</p>`),
    ])
    await push(app, bob, [entity.bookmark('bob-b', { title: 'Bob keeps this' })])
    // Sanity: the scan finds them while the account exists.
    expect(storedBytes(file).includes(email)).toBe(true)
    expect(storedBytes(file).includes(note)).toBe(true)

    const deleted = await injectAs(app, zed, {
      method: 'DELETE',
      url: '/users/delete',
      payload: { password: 'correct horse battery' },
    })
    expect(deleted.statusCode).toBe(200)
    // While the relay runs (its write-ahead log in use) and after it closed.
    for (const moment of ['running', 'closed']) {
      if (moment === 'closed') {
        await app.close()
      }
      const bytes = storedBytes(file)
      expect(bytes.includes(email), moment).toBe(false)
      expect(bytes.includes(note), moment).toBe(false)
      expect(bytes.includes('Bob keeps this'), moment).toBe(true)
    }
  })
})
