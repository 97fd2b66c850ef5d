import { SyncState } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { syncStateLabel } from './sync-state-label'

describe('syncStateLabel', () => {
  it('has words for every state', () => {
    for (const state of Object.values(SyncState)) {
      expect(syncStateLabel(state)).not.toBe('')
    }
  })

  it('names the offline relay and a finished sync', () => {
    expect(syncStateLabel(SyncState.ALL_SERVERS_OFFLINE)).toBe('All servers offline')
    expect(syncStateLabel(SyncState.UP_TO_DATE)).toBe('Up to date')
  })
})
