// Helpers for the toolbox's motion, tag suggestions and link question in end-to-end tests: the
// toolbox frame's motion states as they change (read from the frame element's
// data-inkmark-motion, recorded by a MutationObserver, so that tests check states, not times),
// the options a tag field's suggestion list shows, and the library's tags seeded as bookmarks.
import type { Frame, Locator, Page } from 'playwright-core'
import type { ExtensionBrowser } from './extension-browser'
import { storeCall } from './extension-page'
import { toolboxFrame } from './extension-toolbox'
import { TEST_NOW } from './test-clock'

/** Records the toolbox frame's motion states on `page`; `states()` gives them from then on. */
export async function recordToolboxMotion(page: Page): Promise<{ states(): Promise<string[]> }> {
  const frame = toolboxFrame(page)
  if (!frame) {
    throw new Error('No toolbox frame on the page yet')
  }
  const owner = await frame.frameElement()
  await owner.evaluate((element) => {
    const before: string[] = []
    ;(element as unknown as { motionsBefore: string[] }).motionsBefore = before
    new MutationObserver((records) => {
      for (const record of records) {
        before.push(record.oldValue ?? '')
      }
    }).observe(element, {
      attributes: true,
      attributeFilter: ['data-inkmark-motion'],
      attributeOldValue: true,
    })
  })
  return {
    // Every state the frame was in since the recording began, then the one it is in now.
    states: () =>
      owner.evaluate((node): string[] => {
        const element = node as unknown as Element & { motionsBefore: string[] }
        return [...element.motionsBefore, element.getAttribute('data-inkmark-motion') ?? '']
      }),
  }
}

/** The texts of the options a tag field's suggestion list shows (none when it is closed). */
export async function suggestionTexts(scope: Frame | Locator): Promise<string[]> {
  const list = scope.getByRole('listbox')
  return (await list.count()) === 0 ? [] : list.getByRole('option').allTextContents()
}

/** Seeds the library with starred bookmarks elsewhere carrying `tags`, each `count` times. */
export async function seedTagCounts(
  browser: ExtensionBrowser,
  counts: Record<string, number>,
  prefix: string,
): Promise<void> {
  const bookmarks = Object.entries(counts).flatMap(([tag, count]) =>
    Array.from({ length: count }, (_, index) => ({
      _id: `${prefix}-${tag}-${index}`,
      url: `https://tags.example/${prefix}/${tag}/${index}`,
      title: `Tagged ${tag} ${index}`,
      isStarred: true,
      tags: [tag],
      createdAt: TEST_NOW,
      _objectStore: 'bookmarks',
    })),
  )
  const seeded = await storeCall<{ rejected: unknown[] }>(
    browser,
    'createOrUpdateEntities',
    bookmarks,
  )
  if (seeded.rejected.length > 0) {
    throw new Error(`Seeding tags failed: ${JSON.stringify(seeded.rejected)}`)
  }
}
