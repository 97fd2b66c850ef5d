import { describe, expect, it } from 'vitest'
import { capacitiesSpaceOf, notionTargetOf, withIntegrationSettings } from './integration-settings'

describe('notionTargetOf', () => {
  it('reads the chosen page or database', () => {
    const integrations = [
      {
        id: 'notion',
        settings: { targetId: 'd1', targetKind: 'database', targetTitle: 'Reading' },
      },
    ]
    expect(notionTargetOf(integrations)).toEqual({
      targetId: 'd1',
      targetKind: 'database',
      targetTitle: 'Reading',
    })
  })

  it('is undefined without a choice or with a malformed one', () => {
    expect(notionTargetOf([])).toBeUndefined()
    expect(notionTargetOf([{ id: 'notion' }])).toBeUndefined()
    expect(
      notionTargetOf([{ id: 'notion', settings: { targetId: 'x', targetKind: 'block' } }]),
    ).toBeUndefined()
    expect(
      notionTargetOf([{ id: 'notion', settings: { targetId: '', targetKind: 'page' } }]),
    ).toBeUndefined()
  })

  it('names an untitled target', () => {
    expect(
      notionTargetOf([{ id: 'notion', settings: { targetId: 'p', targetKind: 'page' } }])
        ?.targetTitle,
    ).toBe('Untitled')
  })
})

describe('capacitiesSpaceOf', () => {
  it('reads the chosen space, or none', () => {
    expect(
      capacitiesSpaceOf([{ id: 'capacities', settings: { spaceId: 's1', spaceTitle: 'Main' } }]),
    ).toEqual({ spaceId: 's1', spaceTitle: 'Main' })
    expect(capacitiesSpaceOf([{ id: 'notion', settings: { spaceId: 's1' } }])).toBeUndefined()
  })
})

describe('withIntegrationSettings', () => {
  it('replaces one service and keeps the others and unknown fields', () => {
    const before = [
      { id: 'other', settings: { a: 1 } },
      { id: 'notion', settings: { targetId: 'old', targetKind: 'page' }, extra: true },
    ]
    const after = withIntegrationSettings(before, 'notion', {
      targetId: 'new',
      targetKind: 'database',
      targetTitle: 'Reading',
    })
    expect(after).toEqual([
      { id: 'other', settings: { a: 1 } },
      {
        id: 'notion',
        extra: true,
        settings: { targetId: 'new', targetKind: 'database', targetTitle: 'Reading' },
      },
    ])
    expect(before[1]!.settings).toEqual({ targetId: 'old', targetKind: 'page' })
  })

  it('adds a missing service and removes one with undefined', () => {
    const added = withIntegrationSettings([], 'capacities', { spaceId: 's', spaceTitle: 'S' })
    expect(added).toEqual([{ id: 'capacities', settings: { spaceId: 's', spaceTitle: 'S' } }])
    expect(withIntegrationSettings(added, 'capacities', undefined)).toEqual([])
  })

  it('never holds a token', () => {
    const after = withIntegrationSettings([], 'notion', {
      targetId: 't',
      targetKind: 'page',
      targetTitle: 'T',
    })
    expect(JSON.stringify(after)).not.toMatch(/token/i)
  })
})
