// Readability's test pages for the end-to-end tests, from the fixtures folder beside the
// repository (../shared/fixtures, see SOURCES.md there) or the one INKMARK_FIXTURES names: the
// same rule the unit tests follow in shared/src/anchoring/fixtures-dir.ts.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const SIBLING_FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/fixtures',
)

/** The fixtures folder; throws, naming the path it looked at, when it is missing. */
export function fixturesDir(): string {
  const fromEnv = process.env.INKMARK_FIXTURES
  const dir = fromEnv ? fromEnv : SIBLING_FIXTURES
  if (!existsSync(join(dir, 'readability'))) {
    throw new Error(
      `Readability's test pages not found in ${dir}: ${
        fromEnv
          ? 'set by INKMARK_FIXTURES'
          : 'the default beside the repository; set INKMARK_FIXTURES'
      } to the folder that holds readability/.`,
    )
  }
  return dir
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
