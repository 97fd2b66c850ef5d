import { describe, expect, it } from 'vitest'
import { AiSummaryStatus, type AiSummaryStatus as Status } from '../domain/entities/ai-summary'
import { estimateTokens } from '../domain/tokens'
import { FIXTURE_NOW } from '../testing/factories'
import { createScriptedAiProvider } from '../testing/scripted-ai-provider'
import { AiError } from './ai-error'
import { DEFAULT_SUMMARY_INPUT_QUOTA_TOKENS, runSummary, summaryInputFor } from './summary'

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ')

describe('summaryInputFor', () => {
  it('keeps a text that fits the quota less 500 tokens', async () => {
    const provider = createScriptedAiProvider({ inputQuota: 1000 })
    const text = words(100)
    expect(await summaryInputFor(provider, text)).toBe(text)
  })

  it('trims to the input quota less 500 tokens, by the estimate', async () => {
    const provider = createScriptedAiProvider({ inputQuota: 1500 })
    const input = await summaryInputFor(provider, words(5000))
    expect(estimateTokens(input)).toBeLessThanOrEqual(1000)
    expect(estimateTokens(input)).toBeGreaterThan(900)
    expect(words(5000).startsWith(input)).toBe(true)
  })

  it("trims by the provider's own measure when it counts differently", async () => {
    // A tokenizer that counts twice the estimate.
    const measure = (text: string) => 2 * estimateTokens(text)
    const provider = createScriptedAiProvider({ inputQuota: 1500, measure })
    const input = await summaryInputFor(provider, words(5000))
    expect(measure(input)).toBeLessThanOrEqual(1000)
    expect(measure(input)).toBeGreaterThan(800)
  })

  it('assumes the default quota when the provider does not know its own', async () => {
    const provider = createScriptedAiProvider({ inputQuota: undefined })
    const input = await summaryInputFor(provider, words(20_000))
    expect(estimateTokens(input)).toBeLessThanOrEqual(DEFAULT_SUMMARY_INPUT_QUOTA_TOKENS - 500)
  })
})

describe('runSummary', () => {
  it('streams the text and moves setup -> summarizing -> complete', async () => {
    const provider = createScriptedAiProvider({ pieces: ['- One', '\n- Two'] })
    const statuses: Status[] = []
    const texts: string[] = []
    const summary = await runSummary({
      provider,
      text: 'An article about reading.',
      title: 'Reading',
      type: 'key-points',
      length: 'short',
      now: () => FIXTURE_NOW,
      onStatus: (status) => statuses.push(status),
      onText: (text) => texts.push(text),
    })
    expect(statuses).toEqual([
      AiSummaryStatus.SETUP,
      AiSummaryStatus.SUMMARIZING,
      AiSummaryStatus.COMPLETE,
    ])
    expect(texts).toEqual(['- One', '- One\n- Two'])
    expect(summary).toEqual({
      text: '- One\n- Two',
      createdAt: FIXTURE_NOW,
      format: 'markdown',
      length: 'short',
      type: 'key-points',
      status: 'complete',
    })
    expect(provider.summaries).toEqual([
      {
        text: 'An article about reading.',
        type: 'key-points',
        length: 'short',
        context: "The page's title: Reading",
      },
    ])
  })

  it('reports failed and throws the provider error', async () => {
    const failure = new AiError('unauthorized', 'The key was refused')
    const provider = createScriptedAiProvider({ failWith: failure, failAfterPieces: 1 })
    const statuses: Status[] = []
    await expect(
      runSummary({
        provider,
        text: 'Some text',
        type: 'tldr',
        length: 'medium',
        now: () => FIXTURE_NOW,
        onStatus: (status) => statuses.push(status),
        onText: () => undefined,
      }),
    ).rejects.toBe(failure)
    expect(statuses).toEqual(['setup', 'summarizing', 'failed'])
  })

  it('fails an empty answer and an empty page without saving anything', async () => {
    const statuses: Status[] = []
    const base = {
      type: 'headline' as const,
      length: 'short' as const,
      now: () => FIXTURE_NOW,
      onStatus: (status: Status) => statuses.push(status),
      onText: () => undefined,
    }
    await expect(
      runSummary({ ...base, provider: createScriptedAiProvider({ pieces: [' '] }), text: 'Text' }),
    ).rejects.toMatchObject({ code: 'bad-response' })
    await expect(
      runSummary({ ...base, provider: createScriptedAiProvider(), text: '   ' }),
    ).rejects.toMatchObject({ code: 'bad-response' })
    expect(statuses).toEqual(['setup', 'summarizing', 'failed', 'setup', 'failed'])
  })

  it('goes back to none (not failed) and throws aborted when the user cancels mid-stream', async () => {
    const controller = new AbortController()
    const provider = createScriptedAiProvider({
      pieces: ['a', 'b', 'c'],
      beforePiece: (index) => {
        if (index === 1) {
          controller.abort()
        }
      },
    })
    const statuses: Status[] = []
    await expect(
      runSummary({
        provider,
        text: 'Text',
        type: 'teaser',
        length: 'long',
        now: () => FIXTURE_NOW,
        signal: controller.signal,
        onStatus: (status) => statuses.push(status),
        onText: () => undefined,
      }),
    ).rejects.toMatchObject({ code: 'aborted' })
    expect(statuses).toEqual(['setup', 'summarizing', 'none'])
  })
})
