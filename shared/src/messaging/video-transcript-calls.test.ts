// The guest call that keeps a video's transcript as its page's content (ADR 083).
import { afterEach, describe, expect, it } from 'vitest'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { runGuestCall } from './guest-calls'
import { guestCallMessage } from './guest-protocol'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

const VIDEO_ID = 'eF8Qqp7rjDg'
const OTHER_VIDEO_ID = 'dQw4w9WgXcQ'
const VIDEO = `https://www.youtube.com/watch?v=${VIDEO_ID}`
const LINES = [
  { text: 'citizens of the world welcome to this', offset: 0.56, duration: 5.799 },
  { text: 'Halloween Azure infrastructure', offset: 3.52, duration: 6.76 },
]
const transcript = { lines: LINES, availableLanguages: ['en', 'de'] }

async function library() {
  const harness = await openTestStore()
  opened.push(harness)
  return harness.store
}

describe('saveVideoTranscript', () => {
  it('saves nothing for a video that is not in the library', async () => {
    const store = await library()
    const answer = await runGuestCall(
      store,
      { pageUrl: VIDEO },
      guestCallMessage('saveVideoTranscript', VIDEO_ID, transcript),
    )
    expect(answer).toEqual({ status: 'no-page' })
    expect(await store.getPageContentForUrl(VIDEO)).toBeUndefined()
  })

  it('keeps the transcript of a highlighted video as its page content, once', async () => {
    const store = await library()
    // The page shows another video now: the call names the video, the page's site is checked.
    const tab = { pageUrl: `https://www.youtube.com/watch?v=${OTHER_VIDEO_ID}` }
    await runGuestCall(
      store,
      tab,
      guestCallMessage('createTranscriptMark', VIDEO_ID, {
        title: 'Halloween Infrastructure Update',
        color: '#fdffb4',
        languageCode: 'en',
        firstIndex: 1,
        lines: [LINES[1]!],
      }),
    )
    expect(
      await runGuestCall(store, tab, guestCallMessage('saveVideoTranscript', VIDEO_ID, transcript)),
    ).toEqual({ status: 'saved' })
    const content = await store.getPageContentForUrl(VIDEO)
    expect(content).toMatchObject({
      url: VIDEO,
      title: 'Halloween Infrastructure Update',
      youtubeTranscript: { url: VIDEO, transcripts: LINES, availableLanguages: ['en', 'de'] },
      length: LINES[0]!.text.length + LINES[1]!.text.length,
    })
    expect(
      await store.getPageContentForUrl(`https://www.youtube.com/watch?v=${OTHER_VIDEO_ID}`),
    ).toBeUndefined()
    const again = {
      lines: [{ text: 'other words', offset: 0, duration: 1 }],
      availableLanguages: [],
    }
    expect(
      await runGuestCall(store, tab, guestCallMessage('saveVideoTranscript', VIDEO_ID, again)),
    ).toEqual({ status: 'kept' })
    expect((await store.getPageContentForUrl(VIDEO))?.youtubeTranscript?.transcripts).toEqual(LINES)
  })

  it('refuses off YouTube and refuses malformed lines', async () => {
    const store = await library()
    await expect(
      runGuestCall(
        store,
        { pageUrl: 'https://example.com/' },
        guestCallMessage('saveVideoTranscript', VIDEO_ID, transcript),
      ),
    ).rejects.toThrow('This page is not on YouTube')
    await expect(
      runGuestCall(
        store,
        { pageUrl: VIDEO },
        {
          ...guestCallMessage('saveVideoTranscript', VIDEO_ID, transcript),
          args: [
            VIDEO_ID,
            { lines: [{ text: 'x', offset: -1, duration: 1 }], availableLanguages: [] },
          ],
        },
      ),
    ).rejects.toThrow()
  })
})
