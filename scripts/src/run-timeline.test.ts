import { describe, expect, it } from 'vitest'
import { RunTimeline } from './run-timeline'

describe('RunTimeline', () => {
  it('gives each project its span from the run start, its files and their summed time', () => {
    const timeline = new RunTimeline(1_000)
    timeline.fileStarted('e2e', 'a', 61_000)
    timeline.fileStarted('e2e', 'b', 62_000)
    timeline.fileStarted('unit', 'u', 2_000)
    timeline.fileEnded('unit', 'u', 11_000)
    timeline.fileEnded('e2e', 'b', 92_000)
    timeline.fileEnded('e2e', 'a', 121_000)
    expect(timeline.lines()).toEqual([
      'unit: +1 s to +10 s, 1 file, 9 s of files',
      'e2e: +60 s to +120 s, 2 files, 90 s of files',
    ])
  })

  it('counts a file it never saw start as taking no time', () => {
    const timeline = new RunTimeline(0)
    timeline.fileEnded('sync', 'x', 5_000)
    expect(timeline.lines()).toEqual(['sync: +5 s to +5 s, 1 file, 0 s of files'])
  })
})
