import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchWithExtension, type ExtensionBrowser } from './src/extension-browser'
import { article, highlighterReady, writtenSite, type WrittenSite } from './src/extension-page'
import { sidebarDocument } from './src/extension-sidebar'
import { pressShortcut } from './src/shortcuts'

let browser: ExtensionBrowser
let site: WrittenSite
beforeAll(async () => {
  site = await writtenSite()
  const paras = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} ` + 'words that wrap around the page again and again. '.repeat(6))
  await site.write('long.html', article(paras))
  browser = await launchWithExtension()
})
afterAll(async () => { await browser?.close(); await site?.close() })
it('probe', async () => {
  const page = await browser.context.newPage()
  await page.goto(site.url('long.html'))
  await highlighterReady(page)
  await page.evaluate(() => window.scrollTo(0, 5000))
  const before = await page.evaluate(() => window.scrollY)
  console.log('anchorBefore', await page.evaluate(() => { const el = [...document.querySelectorAll('p')].find((p) => p.getBoundingClientRect().bottom > 0)!; return el.id + ' ' + Math.round(el.getBoundingClientRect().top) + ' w' + window.innerWidth }))
  await pressShortcut(page, 'Alt+W')
  await sidebarDocument(page)
  const samples: number[] = []
  for (let i = 0; i < 10; i++) { samples.push(await page.evaluate(() => window.scrollY)); await page.waitForTimeout(100) }
  const anchor = () => page.evaluate(() => { const el = [...document.querySelectorAll('p')].find((p) => p.getBoundingClientRect().bottom > 0)!; return el.id + ' ' + Math.round(el.getBoundingClientRect().top) + ' w' + window.innerWidth })
  console.log('anchorAfter', await anchor())
  console.log('before', before, 'after', samples, await page.evaluate(() => document.documentElement.scrollHeight))
  expect(1).toBe(1)
})
