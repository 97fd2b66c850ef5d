import { afterEach, describe, expect, it } from 'vitest'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { IMAGE_HIGHLIGHTING_PLAN_MESSAGE, runGuestCall } from './guest-calls'
import { guestCallMessage, type GuestPage } from './guest-protocol'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

const image = {
  title: 'Gallery',
  text: 'A red square',
  color: '#fdffb4',
  mediaType: 'image' as const,
  imageSrc: 'https://example.com/red.png',
  imageAlt: 'A red square',
}

describe('image highlighting by plan', () => {
  it('is refused without the unlimited features, and stored with them', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const page = { pageUrl: 'https://example.com/gallery' }
    await expect(
      runGuestCall(harness.store, page, guestCallMessage('createMark', image)),
    ).rejects.toThrow(IMAGE_HIGHLIGHTING_PLAN_MESSAGE)
    expect(harness.store.getAllMarks()).toEqual([])

    const mark = await runGuestCall(
      harness.store,
      { ...page, unlimitedFeatures: true },
      guestCallMessage('createMark', image),
    )
    expect(mark).toMatchObject({ mediaType: 'image', imageSrc: image.imageSrc })
  })
})

describe('the highlighter mode in effect', () => {
  it('is Advanced only when chosen and the plan has advanced highlighting', async () => {
    const harness = await openTestStore()
    opened.push(harness)
    const page = { pageUrl: 'https://example.com/article' }
    const mode = async (unlimitedFeatures: boolean) =>
      (
        (await runGuestCall(
          harness.store,
          { ...page, unlimitedFeatures },
          guestCallMessage('loadPage'),
        )) as GuestPage
      ).settings.highlighterMode
    expect(await mode(true)).toBe('BASIC')
    await harness.store.updateChromeSettings({ highlighterMode: 'EXPERT' })
    expect(await mode(false)).toBe('BASIC')
    expect(await mode(true)).toBe('EXPERT')
  })
})
