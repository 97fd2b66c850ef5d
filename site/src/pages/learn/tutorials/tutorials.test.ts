import { describe, expect, it } from 'vitest'
import type { ArticleAddresses } from './article-types'
import { browserArticle, browserArticles } from './browser-articles'
import { tutorialBrowser, TUTORIAL_BROWSERS } from './browsers'
import { pdfArticle, pdfArticles } from './pdf-articles'

const addresses: ArticleAddresses = {
  appUrl: 'https://app.test',
  storeUrls: {
    chrome: 'https://chrome.test/inkmark',
    edge: 'https://edge.test/inkmark',
    firefox: 'https://firefox.test/inkmark',
  },
}

describe('tutorial browsers', () => {
  it("are the spec's eight, with Chrome, Edge and Firefox the supported ones", () => {
    expect(TUTORIAL_BROWSERS.map((browser) => browser.id).sort()).toEqual([
      'brave',
      'chrome',
      'duckduckgo',
      'edge',
      'firefox',
      'opera',
      'safari',
      'vivaldi',
    ])
    expect(
      TUTORIAL_BROWSERS.filter((browser) => browser.support === 'supported')
        .map((browser) => browser.id)
        .sort(),
    ).toEqual(['chrome', 'edge', 'firefox'])
    expect(tutorialBrowser('netscape')).toBeUndefined()
  })

  it('say plainly that Safari and DuckDuckGo are not supported, with what to use instead', () => {
    for (const id of ['safari', 'duckduckgo']) {
      const browser = tutorialBrowser(id)!
      const articles = browserArticles(browser, addresses)
      expect(articles.map((article) => article.slug)).toEqual([
        'install-the-extension',
        'use-the-web-app',
      ])
      expect(articles[0]?.title).toContain('not supported')
      expect(articles[0]?.links.map((link) => link.href)).toContain('https://app.test')
    }
  })

  it('say "not tested" on every article of the Chromium-based browsers', () => {
    for (const id of ['opera', 'brave', 'vivaldi']) {
      const browser = tutorialBrowser(id)!
      expect(browser.summary).toContain('not tested')
      for (const article of browserArticles(browser, addresses)) {
        expect(article.notice).toMatch(/^Not tested/)
      }
    }
    expect(
      browserArticle(tutorialBrowser('chrome')!, 'install-the-extension', addresses)?.notice,
    ).toBeUndefined()
  })

  it('give each extension browser the five articles, with the real shortcuts', () => {
    const chrome = tutorialBrowser('chrome')!
    const articles = browserArticles(chrome, addresses)
    expect(articles.map((article) => article.slug)).toEqual([
      'install-the-extension',
      'highlight-a-web-page',
      'highlight-a-pdf',
      'use-the-sidebar',
      'keyboard-shortcuts',
    ])
    const shortcuts = JSON.stringify(browserArticle(chrome, 'keyboard-shortcuts', addresses))
    for (const key of [
      'Alt+S',
      'Alt+A',
      'Alt+W',
      'Alt+B',
      'Alt+R',
      'chrome://extensions/shortcuts',
    ]) {
      expect(shortcuts).toContain(key)
    }
    expect(
      JSON.stringify(browserArticle(tutorialBrowser('firefox')!, 'highlight-a-pdf', addresses)),
    ).toContain("local PDFs stay in Firefox's own viewer")
    expect(browserArticle(chrome, 'install-the-extension', addresses)?.links[0]?.href).toBe(
      'https://chrome.test/inkmark',
    )
  })
})

describe('PDF tutorials', () => {
  it('cover the viewer, local files and the web app upload', () => {
    expect(pdfArticles(addresses).map((article) => article.slug)).toEqual([
      'highlight-pdfs-in-your-browser',
      'highlight-local-pdf-files',
      'upload-a-pdf-to-the-web-app',
      'find-your-pdf-highlights',
    ])
    expect(pdfArticle('upload-a-pdf-to-the-web-app', addresses)?.links[0]?.href).toBe(
      'https://app.test/?dialog=add-content',
    )
    expect(pdfArticle('nope', addresses)).toBeUndefined()
  })
})
