import { describe, expect, it } from 'vitest'
import { createGroupCommit, outcomeOf } from './group-commit'
import { openSqliteStorage } from './sqlite-storage'

describe('group commit', () => {
  it('commits what is added in one turn together, and answers each item its own outcome', async () => {
    const groups: number[][] = []
    const commit = createGroupCommit<number, number>((items) => {
      groups.push([...items])
      return items.map((item) =>
        outcomeOf(() => {
          if (item < 0) {
            throw new Error(`negative ${item}`)
          }
          return item * 10
        }),
      )
    })
    const first = [commit.add(1), commit.add(-2), commit.add(3)]
    const results = await Promise.allSettled(first)
    expect(groups).toEqual([[1, -2, 3]])
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('negative -2') },
      { status: 'fulfilled', value: 30 },
    ])
    expect(await commit.add(4)).toBe(40)
    expect(groups).toEqual([[1, -2, 3], [4]])
  })

  it('fails every item of a group whose commit fails, and flushes on demand', async () => {
    let failing = true
    const commit = createGroupCommit<string, string>((items) => {
      if (failing) {
        throw new Error('disk full')
      }
      return items.map((item) => ({ ok: true, value: item }))
    })
    const both = Promise.allSettled([commit.add('a'), commit.add('b')])
    commit.flush()
    expect((await both).map((result) => result.status)).toEqual(['rejected', 'rejected'])
    failing = false
    const later = commit.add('c')
    commit.flush()
    expect(await later).toBe('c')
  })

  it('in SQLite, an append that fails inside a group leaves the others stored', async () => {
    const storage = openSqliteStorage(':memory:')
    await storage.createUser({ id: 'u1', email: 'a@example.com', passwordHash: 'x', createdAt: 0 })
    const change = { store: 'marks', entityId: 'm1', deleted: false }
    const results = await Promise.allSettled([
      storage.appendDocUpdate('u1', 'library', new Uint8Array([1]), [change]),
      storage.appendDocUpdate('nobody', 'library', new Uint8Array([2]), [change]),
      storage.appendDocUpdate('u1', 'library', new Uint8Array([3]), []),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    const stored = await storage.loadDocUpdates('u1', 'library')
    expect(stored.map((update) => [...update.update])).toEqual([[1], [3]])
    expect(stored.map((update) => update.id)).toEqual(
      results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    )
    expect(await storage.listChangesSince('u1', 0, 10)).toEqual([{ ...change, revision: 1 }])
    await storage.close()
  })
})
