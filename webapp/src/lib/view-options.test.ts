import { describe, expect, it } from 'vitest'
import { columnsFor, defaultViewOptions, itemRowHeight, parseViewOptions } from './view-options'

describe('view options', () => {
  it('defaults to a small list on narrow screens and a medium grid otherwise', () => {
    expect(defaultViewOptions(767)).toEqual({
      layout: 'list',
      size: 'small',
      hideUrl: false,
      openAs: 'page',
    })
    expect(defaultViewOptions(1280)).toEqual({
      layout: 'grid',
      size: 'medium',
      hideUrl: false,
      openAs: 'page',
    })
  })

  it('reads stored options field by field', () => {
    expect(parseViewOptions('{"layout":"list","size":"huge","hideUrl":true}', 1280)).toEqual({
      layout: 'list',
      size: 'medium',
      hideUrl: true,
      openAs: 'page',
    })
    expect(parseViewOptions('{"openAs":"popup"}', 1280).openAs).toBe('popup')
    expect(parseViewOptions('{"openAs":"window"}', 1280).openAs).toBe('page')
    expect(parseViewOptions('not json', 500)).toEqual(defaultViewOptions(500))
    expect(parseViewOptions('null', 1280)).toEqual(defaultViewOptions(1280))
    expect(parseViewOptions(null, 1280)).toEqual(defaultViewOptions(1280))
  })

  it('fits grid columns to the width', () => {
    const grid = {
      layout: 'grid' as const,
      size: 'medium' as const,
      hideUrl: false,
      openAs: 'page' as const,
    }
    expect(columnsFor(grid, 1000)).toBe(3)
    expect(columnsFor(grid, 100)).toBe(1)
    expect(columnsFor({ ...grid, layout: 'list' }, 1000)).toBe(1)
    expect(itemRowHeight(grid)).toBeGreaterThan(itemRowHeight({ ...grid, layout: 'list' }))
  })
})
