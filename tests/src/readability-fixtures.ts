// Readability's test pages for the end-to-end tests, from the fixtures folder beside the
// repository (../shared/fixtures, see SOURCES.md there) or the one INKMARK_FIXTURES names: the
// same rule the unit tests follow in shared/src/anchoring/fixtures-dir.ts.
import { fixturesDir as sharedFixturesDir } from '@inkmark/shared/fixtures'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The fixtures folder holding readability/ (see shared/src/testing/fixtures-dir.ts). */
export function fixturesDir(): string {
  return sharedFixturesDir('readability')
}

/** One of Readability's test pages: its source, the expected article and its metadata. */
export interface ReadabilityFixture {
  source: string
  expectedHtml: string
  metadata: { title: string; byline: string | null; readerable: boolean }
}

/** The test page `name` (a folder of fixtures/readability). */
export async function readabilityFixture(name: string): Promise<ReadabilityFixture> {
  const dir = join(fixturesDir(), 'readability', name)
  const [source, expectedHtml, metadata] = await Promise.all(
    ['source.html', 'expected.html', 'expected-metadata.json'].map((file) =>
      readFile(join(dir, file), 'utf8'),
    ),
  )
  return {
    source: source!,
    expectedHtml: expectedHtml!,
    metadata: JSON.parse(metadata!) as ReadabilityFixture['metadata'],
  }
}
