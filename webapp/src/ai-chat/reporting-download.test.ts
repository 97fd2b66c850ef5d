import type { AiPromptMessage, AiProvider, AiRunOptions } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { reportingDownload } from './reporting-download'

/** `text` as a stream of one piece, given on a later task as a provider's would be. */
async function* streamOf(text: string): AsyncIterable<string> {
  yield await new Promise<string>((resolve) => setTimeout(() => resolve(text), 0))
}

/** A provider whose model download reports 0.5 then 1 before it answers. */
function downloadingProvider(): AiProvider & { given: AiRunOptions[] } {
  const given: AiRunOptions[] = []
  return {
    given,
    kind: 'builtin',
    label: 'Test',
    availability: () => Promise.resolve('downloadable'),
    inputQuota: () => Promise.resolve(undefined),
    measureTokens: (text) => Promise.resolve(text.length),
    summarize: () => streamOf('summary'),
    chat(_messages: readonly AiPromptMessage[], options: AiRunOptions = {}) {
      given.push(options)
      options.onDownloadProgress?.(0.5)
      options.onDownloadProgress?.(1)
      return streamOf('answer')
    },
  }
}

describe('reportingDownload', () => {
  it("reports the model download of each chat call, keeping the call's own options", async () => {
    const provider = downloadingProvider()
    const progress: number[] = []
    const reporting = reportingDownload(provider, (fraction) => progress.push(fraction))
    const signal = new AbortController().signal
    const pieces: string[] = []
    for await (const piece of reporting.chat([{ role: 'user', content: 'Hi' }], { signal })) {
      pieces.push(piece)
    }
    expect(pieces).toEqual(['answer'])
    expect(progress).toEqual([0.5, 1])
    expect(provider.given[0]?.signal).toBe(signal)
    expect(reporting.kind).toBe('builtin')
    expect(await reporting.availability()).toBe('downloadable')
  })
})
