import { describe, expect, it } from 'vitest'
import { UPGRADE_NEEDED, upgradeNeededFeature } from './upgrade-needed'

describe('upgrade-needed messages', () => {
  it('names a known feature', () => {
    expect(upgradeNeededFeature({ channel: UPGRADE_NEEDED, feature: 'image-highlighting' })).toBe(
      'image-highlighting',
    )
  })

  it('ignores other channels, unknown features and inherited names', () => {
    expect(
      upgradeNeededFeature({ channel: 'other', feature: 'image-highlighting' }),
    ).toBeUndefined()
    expect(upgradeNeededFeature({ channel: UPGRADE_NEEDED, feature: 'teleport' })).toBeUndefined()
    expect(upgradeNeededFeature({ channel: UPGRADE_NEEDED, feature: 'toString' })).toBeUndefined()
    expect(upgradeNeededFeature(null)).toBeUndefined()
  })
})
