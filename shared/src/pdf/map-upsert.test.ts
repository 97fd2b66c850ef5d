import { describe, expect, it } from 'vitest'
import './map-upsert'

interface Upserting<K, V> {
  getOrInsertComputed(key: K, compute: (key: K) => V): V
  getOrInsert(key: K, value: V): V
}

describe('the Map upsert methods pdf.js calls', () => {
  it('keep a stored value and store a computed one once', () => {
    const map = new Map<string, number[]>([['kept', [1]]]) as Map<string, number[]> &
      Upserting<string, number[]>
    expect(map.getOrInsertComputed('kept', () => [2])).toEqual([1])
    let computed = 0
    const made = map.getOrInsertComputed('new', () => [++computed])
    expect(map.getOrInsertComputed('new', () => [++computed])).toBe(made)
    expect(computed).toBe(1)
    expect(map.getOrInsert('other', [3])).toEqual([3])
    expect(map.getOrInsert('other', [4])).toEqual([3])
  })

  it('work on a WeakMap too', () => {
    const key = {}
    const map = new WeakMap<object, string>() as WeakMap<object, string> & Upserting<object, string>
    expect(map.getOrInsertComputed(key, () => 'first')).toBe('first')
    expect(map.getOrInsertComputed(key, () => 'second')).toBe('first')
  })
})
