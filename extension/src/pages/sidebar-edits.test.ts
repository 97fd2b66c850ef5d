import { describe, expect, it } from 'vitest'
import { tagsWithAdded, tagsWithout } from './sidebar-edits'

describe('tags edited in the sidebar', () => {
  it('adds a cleaned tag once', () => {
    expect(tagsWithAdded(['a'], ' #Deep Work ')).toEqual(['a', 'DeepWork'])
    expect(tagsWithAdded(['a'], 'a')).toEqual(['a'])
    expect(tagsWithAdded(['a'], ' # ')).toEqual(['a'])
    expect(tagsWithAdded(['Reading'], 'READING')).toEqual(['Reading'])
  })

  it('removes one tag', () => {
    expect(tagsWithout(['a', 'b'], 'a')).toEqual(['b'])
  })
})
