import { afterEach, describe, expect, it } from 'vitest'
import { openTestStore, type TestStore } from '../testing/store-harness'
import { YOUTUBE_DAILY_LIMIT_MESSAGE } from '../youtube/daily-limit'
import type { TranscriptHighlight } from '../youtube/transcript-mark'
import { runGuestCall } from './guest-calls'
import {
  guestCallMessage,
  type GuestContext,
  type GuestPage,
  type GuestVideoPage,
} from './guest-protocol'

const opened: TestStore[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) {
    await harness.store.close()
  }
})

async function store(): Promise<TestStore> {
  const harness = await openTestStore()
  opened.push(harness)
  return harness
}

const VIDEO_ID = 'eF8Qqp7rjDg'
const OTHER_VIDEO_ID = 'dQw4w9WgXcQ'
const VIDEO = `https://www.youtube.com/watch?v=${VIDEO_ID}`
const LINES = [
  { text: 'Halloween Azure infrastructure', offset: 3.52, duration: 6.76 },
  { text: 'update a AER you think the cloud is your', offset: 6.359, duration: 7.721 },
]
const newMark = (lines = LINES, firstIndex = 1) => ({
  title: 'Halloween Infrastructure Update',
  color: '#fdffb4',
  languageCode: 'en',
  firstIndex,
  lines,
})

describe('transcript highlights through the guest contract', () => {
  it('stores lines with their time span on the canonical video bookmark, apart from page marks', async () => {
    const { store: library } = await store()
    const tab = { pageUrl: `${VIDEO}&t=42s` }
    const created = (await runGuestCall(
      library,
      tab,
      guestCallMessage('createTranscriptMark', VIDEO_ID, newMark()),
    )) as TranscriptHighlight
    expect(created).toMatchObject({
      videoId: 'eF8Qqp7rjDg',
      languageCode: 'en',
      offset: 3.52,
      lastLineOffset: 6.359,
      text: 'Halloween Azure infrastructure update a AER you think the cloud is your',
    })
    const [bookmark] = library.getAllBookmarks()
    expect(bookmark).toMatchObject({ url: VIDEO, title: 'Halloween Infrastructure Update' })

    const video = (await runGuestCall(
      library,
      { pageUrl: VIDEO },
      guestCallMessage('loadVideoPage', VIDEO_ID),
    )) as GuestVideoPage
    expect(video.highlights.map((highlight) => highlight._id)).toEqual([created._id])
    expect(video.videoId).toBe('eF8Qqp7rjDg')
    // The page highlighter does not try to place a transcript line in the page.
    const page = (await runGuestCall(
      library,
      { pageUrl: VIDEO },
      guestCallMessage('loadPage'),
    )) as GuestPage
    expect(page.marks).toEqual([])

    const deleted = await runGuestCall(
      library,
      { pageUrl: VIDEO },
      guestCallMessage('deleteTranscriptMark', VIDEO_ID, created._id),
    )
    expect(deleted).toEqual({ bookmarkDeleted: true })
    expect(library.getAllMarks()).toEqual([])
  })

  it('refuses bad lines and pages that are not videos, and loses nothing', async () => {
    const { store: library } = await store()
    const video = { pageUrl: VIDEO }
    for (const bad of [
      newMark([]),
      newMark(LINES, -1),
      newMark([{ text: '', offset: 1, duration: 1 }]),
      newMark([{ text: 'x', offset: -1, duration: 1 }]),
      { ...newMark(), languageCode: 'en"><script>' },
    ]) {
      await expect(
        runGuestCall(library, video, guestCallMessage('createTranscriptMark', VIDEO_ID, bad)),
      ).rejects.toThrow('Invalid arguments for createTranscriptMark')
    }
    await expect(
      runGuestCall(
        library,
        { pageUrl: 'https://example.com/watch?v=eF8Qqp7rjDg' },
        guestCallMessage('createTranscriptMark', VIDEO_ID, newMark()),
      ),
    ).rejects.toThrow('This page is not on YouTube')
    await expect(
      runGuestCall(library, video, guestCallMessage('createTranscriptMark', 'short', newMark())),
    ).rejects.toThrow('Invalid arguments for createTranscriptMark')
    expect(library.getAllMarks()).toEqual([])
  })

  it('allows one video a day without the unlimited features, any number with them', async () => {
    const { store: library } = await store()
    // A YouTube document that was loaded on its home page and moved on from video to video.
    const youtube = { pageUrl: 'https://www.youtube.com/' }
    const create = (context: GuestContext, videoId: string, lines = LINES) =>
      runGuestCall(
        library,
        context,
        guestCallMessage('createTranscriptMark', videoId, newMark(lines)),
      )
    await create(youtube, VIDEO_ID)
    await create(youtube, VIDEO_ID, LINES.slice(0, 1))
    const blocked = (await runGuestCall(
      library,
      youtube,
      guestCallMessage('loadVideoPage', OTHER_VIDEO_ID),
    )) as GuestVideoPage
    expect(blocked.mayHighlight).toBe(false)
    await expect(create(youtube, OTHER_VIDEO_ID)).rejects.toThrow(YOUTUBE_DAILY_LIMIT_MESSAGE)
    expect(library.getAllMarks()).toHaveLength(2)

    await create({ ...youtube, unlimitedFeatures: true }, OTHER_VIDEO_ID)
    expect(library.getAllMarks()).toHaveLength(3)
  })

  it('stores the YouTube options in the settings', async () => {
    const { store: library } = await store()
    const options = await runGuestCall(
      library,
      { pageUrl: VIDEO },
      guestCallMessage('setYoutubeOptions', { enableStickyPlayer: false }),
    )
    expect(options).toEqual({ enableAutoscrolling: true, enableStickyPlayer: false })
    expect(library.getChromeSettings().youtubeOptions).toMatchObject({
      enableAutoscrolling: true,
      enableStickyPlayer: false,
    })
    await expect(
      runGuestCall(
        library,
        { pageUrl: VIDEO },
        guestCallMessage('setYoutubeOptions', { enableStickyPlayer: 'yes' } as never),
      ),
    ).rejects.toThrow('Invalid arguments for setYoutubeOptions')
  })
})
