// Settings, import and export in the web app, in Chromium, offline: a Pocket CSV and a Kindle
// clippings file from the fixtures go in through the import dialog (counts shown, pages on the
// dashboard), the backup file downloads and restores with nothing lost, a broken backup file
// leaves the library as it was and shows the spec's toast, an unknown settings view falls back
// to the first one, and axe-core finds nothing serious or critical on /settings and the dialog.
// A large real Pocket export (1,535 rows) keeps its dates on the dashboard, lists its 14 skipped
// rows with their reasons, and opens no prompt in its session (ADR 038).
import {
  INVALID_BACKUP_FILE_MESSAGE,
  createBookmark,
  existingLibraryOf,
  importKindleClippings,
  importPocketCsv,
  type BackupFile,
} from '@inkmark/shared'
import { fixturesDir } from '@inkmark/shared/fixtures'
import { strToU8, zipSync } from 'fflate'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './src/axe'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { TEST_NOW } from './src/test-clock'
import { SEED_PAGE_PATH, startWebapp, type WebappServer } from './src/webapp-server'

const POCKET_FILE = join(fixturesDir('pocket'), 'pocket/wallabag_pocket.csv')
const KINDLE_FILE = join(fixturesDir('kindle'), 'kindle/samueldg_clippings.txt')
/** A real 1,535-row Pocket export: 1,521 pages saved from 2011 to 2025, 14 saved twice. */
const BIG_POCKET_FILE = join(fixturesDir('pocket'), 'pocket/edh_part_000000.csv')

/** What the importers make of a file into an empty library: the counts the dialog should show. */
async function expectedCounts(file: string, kind: 'pocket' | 'kindle') {
  const text = await readFile(file, 'utf8')
  let next = 0
  const options = {
    now: Date.now(),
    createId: () => `id-${(next += 1)}`,
    existing: existingLibraryOf([], []),
  }
  const result =
    kind === 'pocket'
      ? await importPocketCsv(text, options)
      : await importKindleClippings(text, options)
  return {
    bookmarks: result.bookmarks.length,
    marks: result.marks.length,
    skipped: result.skipped.length,
  }
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function downloadBackup(page: Page): Promise<{ name: string; file: BackupFile }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ])
  const path = await download.path()
  return {
    name: download.suggestedFilename(),
    file: JSON.parse(await readFile(path, 'utf8')) as BackupFile,
  }
}

/** What a backup holds, without ids and times (a restore gives new ids). */
function contentOf(file: BackupFile) {
  return {
    bookmarks: file.bookmarks.map((bookmark) => `${bookmark.url} ${bookmark.title ?? ''}`).sort(),
    marks: file.marks.map((mark) => `${mark.url} ${mark.text ?? ''}`).sort(),
  }
}

describe('settings, import and export in the web app', () => {
  let server: WebappServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startWebapp()
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    })
    page = await context.newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('shows the views in the spec order, and an unknown view falls back to the first', async () => {
    await page.goto(server.url + '/settings')
    const nav = page.getByRole('navigation', { name: 'Settings views' })
    await expect
      .poll(() => nav.getByRole('link').allTextContents())
      .toEqual([
        'Account',
        'Settings',
        'Backup',
        'Upgrade & Billing',
        'Notifications',
        'Integrations',
        'Saved documents',
      ])
    await expect.poll(() => page.locator('.settings-view-title').textContent()).toBe('Settings')
    await expectNoSeriousViolations(page)
    await page.goto(server.url + '/settings?view=nonsense')
    await expect.poll(() => page.locator('.settings-view-title').textContent()).toBe('Account')
    expect(await nav.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('saves the colour mode and applies it to the page', async () => {
    await page.goto(server.url + '/settings?view=settings')
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('light')
    await page.reload()
    await expect.poll(() => page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('light')
    await expectNoSeriousViolations(page)
  })

  it('imports a Pocket CSV and a Kindle clippings file with counts, then lists them', async () => {
    const pocket = await expectedCounts(POCKET_FILE, 'pocket')
    const kindle = await expectedCounts(KINDLE_FILE, 'kindle')
    expect(pocket.bookmarks).toBeGreaterThan(0)
    expect(kindle.marks).toBeGreaterThan(0)

    await page.goto(server.url + '/settings?view=backup')
    await page.getByRole('button', { name: 'Import a file…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import pages and highlights' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('import')
    await expectNoSeriousViolations(page)

    await dialog.getByLabel('File to import').setInputFiles(POCKET_FILE)
    const counts = dialog.locator('.import-counts')
    await expect
      .poll(() => counts.textContent())
      .toContain(`Imported: ${pocket.bookmarks} pages, ${pocket.marks} highlights`)
    expect(await counts.textContent()).toContain(
      `Skipped: ${pocket.skipped} ${pocket.skipped === 1 ? 'row' : 'rows'}`,
    )
    expect(await counts.textContent()).toContain('Pocket CSV')
    await expectNoSeriousViolations(page)

    await dialog.getByLabel('File to import').setInputFiles(KINDLE_FILE)
    await expect
      .poll(() => counts.textContent())
      .toContain(`Imported: ${kindle.bookmarks} pages, ${kindle.marks} highlights`)
    expect(await counts.textContent()).not.toMatch(/\b1 pages|\(s\)/)
    expect(await counts.textContent()).toContain('Kindle TXT')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    // The pages keep the dates Pocket and the Kindle gave them: the newest, saved in Pocket in
    // September 2020, heads "Recently updated"; nothing sits under "Today".
    await page.goto(server.url + '/')
    await expect
      .poll(() => page.locator('.group-heading').first().textContent())
      .toBe('September 2020 (7)')
    await expect
      .poll(() => page.getByRole('link', { name: 'You Might Not Need jQuery' }).count())
      .toBe(1)
    expect(await page.locator('.group-heading').allTextContents()).not.toContainEqual(
      expect.stringMatching(/^Today/),
    )
  })

  it('imports a big Pocket export: original dates, every skipped row listed, no prompt', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      await context.clock.install({ time: TEST_NOW })
      const big = await context.newPage()
      // One page the person saved an hour ago, before the import.
      await big.goto(server.url + SEED_PAGE_PATH)
      await big.waitForFunction(() => window.inkmarkSeed !== undefined)
      const seeded = await big.evaluate(
        (list) => window.inkmarkSeed!(list),
        [
          createBookmark(
            { _id: 'own-page', url: 'https://own.example/today', title: 'Saved an hour ago' },
            TEST_NOW - 60 * 60 * 1000,
          ),
        ],
      )
      expect(seeded.rejected).toEqual([])

      await big.goto(server.url + '/settings?view=backup&dialog=import')
      const dialog = big.getByRole('dialog', { name: 'Import pages and highlights' })
      await dialog.getByLabel('File to import').setInputFiles(BIG_POCKET_FILE)
      const counts = dialog.locator('.import-counts')
      await expect
        .poll(() => counts.textContent(), { timeout: 60_000 })
        .toContain('Imported: 1,528 pages, 0 highlights')
      // 7 rows repeat a page; 7 more differ by `storyId=`, `t=`, `x=`, `ID=`: pages (ADR 069).
      expect(await counts.textContent()).toContain('Skipped: 7 rows')

      // Every skipped row with its number, its reason, its title and URL.
      await dialog.getByText('7 skipped rows').click()
      const lines = dialog.locator('.import-report-lines li')
      await expect.poll(() => lines.count()).toBe(7)
      for (const text of await lines.allTextContents()) {
        expect(text).toMatch(
          /^Row \d+ · Duplicate URL: the same page as row \d+ · .+ · https?:\/\//,
        )
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await big.emulateMedia({ colorScheme })
        expect(await seriousAxeViolations(big)).toEqual([])
      }
      await big.emulateMedia({ colorScheme: 'light' })
      await dialog.getByRole('button', { name: 'Done' }).click()
      await expect.poll(() => big.getByRole('dialog').count()).toBe(0)

      // "Recently updated": the page saved today first, then the imported ones by their dates.
      await big.goto(server.url + '/')
      const headings = big.locator('.group-heading')
      await expect.poll(() => headings.count()).toBeGreaterThan(1)
      expect(await headings.first().textContent()).toBe('Today (1)')
      expect(await big.locator('article.card').first().textContent()).toContain('Saved an hour ago')
      expect(await headings.nth(1).textContent()).toMatch(/^\w+ 20\d\d \(\d+\)$/)

      // Well past a prompt's 250 ms on the page's clock, with 1,529 pages: no prompt opens.
      await big.clock.runFor(5_000)
      await big.getByRole('button', { name: /^Notifications/ }).click()
      await expect.poll(() => big.getByRole('dialog', { name: 'Notifications' }).count()).toBe(1)
      await big.keyboard.press('Escape')
      await expect.poll(() => big.getByRole('dialog').count()).toBe(0)
      // A day later the quiet is over and the prompts were held back, not lost: first the
      // backup-or-sync prompt (about the person's data, it comes before the others: 1,530 changes
      // live only in this browser), then, once it is closed, the sign-up prompt.
      await big.clock.fastForward('25:00:00')
      await big.reload()
      const backup = big.getByRole('dialog', { name: 'Back up your library' })
      await expect.poll(() => backup.count()).toBe(1)
      expect(await backup.textContent()).toContain('1,530 changes are saved only in this browser')
      await big.keyboard.press('Escape')
      await expect.poll(() => backup.count()).toBe(0)
      await big.clock.runFor(1_000)
      await expect
        .poll(() => big.getByRole('dialog', { name: 'Keep your highlights safe' }).count())
        .toBe(1)
    } finally {
      await context.close()
    }
  }, 120_000)

  it('refuses a file of no known format with the spec message', async () => {
    await page.goto(server.url + '/settings?view=backup&dialog=import')
    const dialog = page.getByRole('dialog', { name: 'Import pages and highlights' })
    await dialog.getByLabel('File to import').setInputFiles({
      name: 'notes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b\n1,2\n'),
    })
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Invalid file. Try to upload a CSV file from Pocket, Diigo, Weava')
    await page.keyboard.press('Escape')
  })

  it('imports an Omnivore export zip with its counts, and refuses a broken one', async () => {
    // The zip in the shape Omnivore's export job writes (omnivore-app/omnivore
    // packages/api/src/jobs/export.ts): metadata_<from>_to_<to>.json, content/ and highlights/.
    const items = [
      {
        id: 'a1',
        slug: 'omnivore-first',
        title: 'Omnivore first page',
        url: 'https://omnivore-import.example/first',
        state: 'ARCHIVED',
        labels: ['imported'],
        savedAt: '2024-03-02T09:15:00.000Z',
        updatedAt: '2024-03-05T18:40:12.000Z',
      },
      {
        id: 'a2',
        slug: 'omnivore-second',
        title: 'Omnivore second page',
        url: 'https://omnivore-import.example/second',
        state: 'SUCCEEDED',
        labels: [],
        savedAt: '2024-04-01T07:00:00.000Z',
        updatedAt: '2024-04-01T07:00:00.000Z',
      },
    ]
    const zip = zipSync({
      'metadata_0_to_2.json': strToU8(JSON.stringify(items, null, 2)),
      'content/omnivore-first.html': strToU8('<div><p>First page words.</p></div>'),
      'content/omnivore-second.html': strToU8('<div><p>Second page words.</p></div>'),
      'highlights/omnivore-first.md': strToU8(
        '> First page words. \n\n#quote\n\nA note.\n\n> Another quote on the first page. ',
      ),
    })
    await page.goto(server.url + '/settings?view=backup&dialog=import')
    const dialog = page.getByRole('dialog', { name: 'Import pages and highlights' })
    await dialog.getByLabel('File to import').setInputFiles({
      name: 'omnivore_export.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    })
    const counts = dialog.locator('.import-counts')
    await expect.poll(() => counts.textContent()).toContain('Imported: 2 pages, 2 highlights')
    expect(await counts.textContent()).toContain('Omnivore zip')
    await expectNoSeriousViolations(page)

    await dialog.getByLabel('File to import').setInputFiles({
      name: 'omnivore_export.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip.slice(0, zip.length - 40)),
    })
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Invalid file. Try to upload a zip file from Omnivore')
    await page.keyboard.press('Escape')
  })

  it('downloads the backup and restores it with nothing lost', async () => {
    await page.goto(server.url + '/settings?view=backup')
    const first = await downloadBackup(page)
    expect(first.name).toMatch(/backup-.*\.json$/)
    expect(first.file.bookmarks.length).toBeGreaterThan(0)

    await page.getByLabel('Backup file to restore').setInputFiles({
      name: first.name,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(first.file)),
    })
    await expectNoSeriousViolations(page)
    await page.getByRole('button', { name: 'Restore backup' }).click()
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Backup restored' }).count())
      .toBe(1)
    const second = await downloadBackup(page)
    expect(contentOf(second.file)).toEqual(contentOf(first.file))
  })

  it('leaves the library untouched on a broken backup file and shows the spec toast', async () => {
    await page.goto(server.url + '/settings?view=backup')
    const before = await downloadBackup(page)
    for (const broken of ['{"bookmarks": [', '{"bookmarks": 3, "marks": []}']) {
      await page.getByLabel('Backup file to restore').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(broken),
      })
      const toast = page.locator('[data-toast-id="invalid-backup-file"]')
      await expect.poll(() => toast.textContent()).toContain(INVALID_BACKUP_FILE_MESSAGE)
      await expectNoSeriousViolations(page)
      // Gone by itself after its 5 s (a click on Dismiss could come too late on a slow machine).
      await toast.waitFor({ state: 'detached' })
    }
    const after = await downloadBackup(page)
    expect(contentOf(after.file)).toEqual(contentOf(before.file))
  })

  it('downloads the Markdown, HTML, JSON-LD and Anki CSV exports', async () => {
    await page.goto(server.url + '/settings?view=backup')
    const exports = [
      ['Markdown', /\.md$/],
      ['HTML', /\.html$/],
      ['JSON-LD (Web Annotations)', /\.jsonld$/],
      ['Anki CSV', /\.csv$/],
      ['Backup JSON', /backup-.*\.json$/],
    ] as const
    for (const [label, name] of exports) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: label, exact: true }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(name)
      const text = await readFile(await download.path(), 'utf8')
      expect(text.length).toBeGreaterThan(0)
    }
  })

  it('lists saved documents with the storage used', async () => {
    await page.goto(server.url + '/settings?view=documents')
    await expect.poll(() => page.locator('.storage-meter').textContent()).toMatch(/of 10 MB used/)
    await expectNoSeriousViolations(page)
  })
})
