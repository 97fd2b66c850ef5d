import { describe, expect, it } from 'vitest'
import { HIGHLIGHT_IMAGE } from './channels'
import { UPGRADE_NEEDED, imageMenuMessage, upgradeNeededFeature } from './upgrade-needed'

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

describe('the image menu item', () => {
  it('highlights on a plan with image highlighting, else says an upgrade is needed', () => {
    expect(imageMenuMessage(true, 'https://example.com/a.png')).toEqual({
      channel: HIGHLIGHT_IMAGE,
      srcUrl: 'https://example.com/a.png',
    })
    expect(upgradeNeededFeature(imageMenuMessage(false, 'https://example.com/a.png'))).toBe(
      'image-highlighting',
    )
  })
})
