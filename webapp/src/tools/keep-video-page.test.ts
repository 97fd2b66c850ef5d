// @vitest-environment jsdom
// Saving a video from the transcript reader on a real store (fake-indexeddb): the page under its
// canonical watch address and title, its transcript as the page content, read back for offline use;
// the same transcript answer checked field by field before use.
import 'fake-indexeddb/auto'
import { pageContentIdFor, toYoutubeWatchUrl } from '@inkmark/shared'
import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { toVideoTranscript, type VideoTranscript } from '../misc/tool-calls'
import { keepVideoPage, savedVideoOf } from './keep-video-page'

const video: VideoTranscript = {
  videoId: 'eF8Qqp7rjDg',
  title: 'Halloween Infrastructure Update',
  channelName: "John Savill's Technical Training",
  durationSeconds: 401,
  language: 'en',
  transcript: {
    url: 'https://www.youtube.com/watch?v=eF8Qqp7rjDg',
    transcripts: [
      { text: 'hey everyone', offset: 0.08, duration: 3.2 },
      { text: 'welcome to this update', offset: 3.3, duration: 2 },
    ],
    availableLanguages: ['en'],
  },
}

const open: TestStore[] = []
afterEach(async () => {
  for (const created of open.splice(0)) {
    await created.store.close()
  }
})

describe('keepVideoPage', () => {
  it('saves the video under its watch address with its transcript as page content', async () => {
    const harness = await openTestStore()
    open.push(harness)
    const { store } = harness
    const url = toYoutubeWatchUrl(video.videoId)
    expect(await savedVideoOf(store, video.videoId)).toBeUndefined()

    const kept = await keepVideoPage(store, video)
    expect(kept.transcriptRefusal).toBeUndefined()
    expect(store.getBookmarkForUrl(url)).toMatchObject({
      _id: kept.bookmarkId,
      title: video.title,
      description: video.channelName,
    })
    const content = await store.getPageContentForUrl(url)
    expect(content).toMatchObject({
      _id: await pageContentIdFor(url),
      youtubeTranscript: { url, transcripts: video.transcript.transcripts },
      length: 'hey everyone'.length + 'welcome to this update'.length,
    })
    expect(await savedVideoOf(store, video.videoId)).toMatchObject({
      title: video.title,
      transcript: { transcripts: video.transcript.transcripts },
    })
    // Kept again: nothing new.
    expect((await keepVideoPage(store, video)).bookmarkId).toBe(kept.bookmarkId)
    expect(store.getAllPageContents()).toHaveLength(1)
  })
})

describe('toVideoTranscript', () => {
  it('takes the contract and refuses anything else', () => {
    expect(toVideoTranscript({ ...video, extra: 1 })).toMatchObject({ videoId: video.videoId })
    expect(toVideoTranscript({ ...video, channelName: 5, durationSeconds: 'x' })).toMatchObject({
      channelName: null,
      durationSeconds: null,
    })
    for (const bad of [
      null,
      {},
      { ...video, videoId: 'not-an-id' },
      { ...video, title: 3 },
      { ...video, transcript: { transcripts: 'x' } },
    ]) {
      expect(() => toVideoTranscript(bad)).toThrow('The transcript answer was not understood')
    }
  })
})
