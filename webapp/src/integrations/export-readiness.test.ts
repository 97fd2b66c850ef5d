import { describe, expect, it } from 'vitest'
import { exportBlockerMessage, exportDestinationOf } from './export-readiness'

const target = { targetId: 'd', targetKind: 'database' as const, targetTitle: 'Reading' }
const space = { spaceId: 's', spaceTitle: 'Main' }
const none = {
  notionToken: undefined,
  notionTarget: undefined,
  capacitiesToken: undefined,
  capacitiesSpace: undefined,
}

describe('exportDestinationOf', () => {
  it('needs the token on this device, then a destination', () => {
    expect(exportDestinationOf('notion', { ...none, notionTarget: target })).toEqual({
      blocker: 'not-connected',
    })
    expect(exportDestinationOf('notion', { ...none, notionToken: 't' })).toEqual({
      blocker: 'no-destination',
    })
    expect(exportDestinationOf('capacities', { ...none, capacitiesToken: 'c' })).toEqual({
      blocker: 'no-destination',
    })
  })

  it('gives the destination when both are there', () => {
    expect(
      exportDestinationOf('notion', { ...none, notionToken: 't', notionTarget: target }),
    ).toEqual({
      destination: { service: 'notion', token: 't', target },
    })
    expect(
      exportDestinationOf('capacities', { ...none, capacitiesToken: 'c', capacitiesSpace: space }),
    ).toEqual({ destination: { service: 'capacities', token: 'c', space } })
  })
})

describe('exportBlockerMessage', () => {
  it('says what is missing', () => {
    expect(exportBlockerMessage('notion', 'not-connected')).toBe(
      'Connect Notion on this device first, then choose where pages go.',
    )
    expect(exportBlockerMessage('capacities', 'no-destination')).toBe(
      'Choose a space in Capacities first.',
    )
  })
})
