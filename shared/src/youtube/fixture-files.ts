// Test support, not part of the public API: the real YouTube files of the fixtures folder
// (../shared/fixtures/youtube, see SOURCES.md there). Node only, hence the typed dynamic import.
import { fixturesDir } from '../testing/fixtures-dir'

const NODE_FS = 'node:fs'
const { readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as {
  readFileSync: (path: string, encoding: 'utf8') => string
}

/** The text of a file in the fixtures' youtube/ folder. */
export function readYoutubeFixture(name: string): string {
  return readFileSync(`${fixturesDir('youtube')}/youtube/${name}`, 'utf8')
}
