import { openTestStore, type TestStore } from '@inkmark/shared/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { saveArticleAsPageContent, saveArticleIfWanted } from './page-content-save'

const saved = {
  url: 'https://example.org/article',
  title: 'An article',
  excerpt: 'About things',
  html: '<!doctype html>\n<html><body><article><p>Text</p></article></body></html>',
}

let harness: TestStore | undefined

afterEach(async () => {
  await harness?.store.close()
  harness = undefined
})

describe('saveArticleIfWanted', () => {
  it('saves nothing, and builds nothing, while autoDownloadPageContent is off', async () => {
    harness = await openTestStore()
    let built = 0
    const refused = await saveArticleIfWanted(harness.store, () => {
      built += 1
      return saved
    })
    expect(refused).toBeNull()
    expect(built).toBe(0)
    expect(await harness.store.getPageContentForUrl(saved.url)).toBeUndefined()
  })

  it('saves the article as the page content when the setting is on, replacing it later', async () => {
    harness = await openTestStore()
    await harness.store.updateChromeSettings({ autoDownloadPageContent: true })
    expect(await saveArticleIfWanted(harness.store, () => saved)).toBeNull()
    const first = await harness.store.getPageContentForUrl(saved.url)
    expect(first).toMatchObject({
      title: 'An article',
      content: saved.html,
      length: saved.html.length,
      wasUpdatedWithLatestContentFromAppType: 'EXTENSION',
    })
    const html = saved.html.replace('Text', 'Newer text')
    expect(await saveArticleIfWanted(harness.store, () => ({ ...saved, html }))).toBeNull()
    const second = await harness.store.getPageContentForUrl(saved.url)
    expect(second?._id).toBe(first?._id)
    expect(second?.content).toBe(html)
  })
})

describe('saveArticleAsPageContent', () => {
  it("gives the store's reason when the plan's quota is full, and saves nothing", async () => {
    harness = await openTestStore()
    const filler = await harness.store.createOrUpdateEntities([
      {
        _objectStore: 'pagecontents',
        _id: 'filler',
        url: 'https://filler.example.org/',
        content: 'x'.repeat(9_990_000),
        createdAt: 1,
      },
    ])
    expect(filler.rejected).toEqual([])
    const html = saved.html.replace('Text', 'y'.repeat(600_000))
    const refused = await saveArticleAsPageContent(harness.store, { ...saved, html })
    expect(refused).toMatch(/^Storage full\./)
    expect(await harness.store.getPageContentForUrl(saved.url)).toBeUndefined()
  })
})
