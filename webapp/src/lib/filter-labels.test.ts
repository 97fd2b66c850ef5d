import { describe, expect, it } from 'vitest'
import { describeFilter } from './filter-labels'

describe('describeFilter', () => {
  it('names the key and the value', () => {
    expect(describeFilter({ key: 'tag', value: 'research' })).toBe('Tag: research')
    expect(describeFilter({ key: 'origin', value: 'example.com', logical: 'OR' })).toBe(
      'Website: example.com',
    )
  })

  it('reads isImage as yes or no, as the filter rule does', () => {
    expect(describeFilter({ key: 'isImage', value: 'true' })).toBe('Image highlights: yes')
    expect(describeFilter({ key: 'isImage', value: 'FALSE' })).toBe('Image highlights: no')
    expect(describeFilter({ key: 'isImage', value: 'anything' })).toBe('Image highlights: yes')
  })

  it('reads a memory level by its label', () => {
    expect(describeFilter({ key: 'memoryLevel', value: 'MODERATE_RECALL' })).toBe(
      'Memory level: Good Recall',
    )
    expect(describeFilter({ key: 'memoryLevel', value: 'nonsense' })).toBe('Memory level: nonsense')
  })
})
