import { describe, expect, it } from 'vitest'
import { oneAtATime } from './one-at-a-time'

describe('oneAtATime', () => {
  it('runs the work of one key one after the other, so the second sees the first', async () => {
    const saved = new Set<string>()
    let created = 0
    const save = () =>
      oneAtATime('page:https://example.org/', async () => {
        if (saved.has('x')) {
          return 'found'
        }
        await Promise.resolve()
        await Promise.resolve()
        saved.add('x')
        created += 1
        return 'created'
      })
    expect(await Promise.all([save(), save(), save()])).toEqual(['created', 'found', 'found'])
    expect(created).toBe(1)
  })

  it('goes on after a failure, and runs other keys without waiting', async () => {
    const order: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const failing = oneAtATime('a', async () => {
      await held
      throw new Error('refused')
    })
    const next = oneAtATime('a', () => {
      order.push('a2')
      return Promise.resolve(2)
    })
    const other = oneAtATime('b', () => {
      order.push('b')
      return Promise.resolve(3)
    })
    expect(await other).toBe(3)
    expect(order).toEqual(['b'])
    release()
    await expect(failing).rejects.toThrow('refused')
    expect(await next).toBe(2)
    expect(order).toEqual(['b', 'a2'])
  })
})
