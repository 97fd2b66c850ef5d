import { describe, expect, it } from 'vitest'
import {
  AI_SUMMARY_TYPE_LABELS,
  AiSummarySchema,
  AiSummaryStatus,
  AiSummaryType,
  aiSummaryTypeLabel,
  createAiSummary,
  isAiSummaryLength,
  isSavableAiSummary,
} from './ai-summary'

const NOW = 1_700_000_000_000

describe('AiSummary', () => {
  it('starts empty, markdown, medium key points, status none', () => {
    expect(createAiSummary({}, NOW)).toEqual({
      text: '',
      createdAt: NOW,
      format: 'markdown',
      length: 'medium',
      type: 'key-points',
      status: 'none',
    })
  })

  it('takes overrides, ignoring undefined ones', () => {
    const summary = createAiSummary({ text: '# Sum', type: 'tldr', createdAt: undefined }, NOW)
    expect(summary.type).toBe('tldr')
    expect(summary.createdAt).toBe(NOW)
  })

  it('labels the types as the spec shows them', () => {
    expect(AI_SUMMARY_TYPE_LABELS).toEqual({
      'key-points': 'Key Points',
      headline: 'Headline',
      tldr: 'TL;DR',
      teaser: 'Teaser',
    })
    expect(aiSummaryTypeLabel(AiSummaryType.TLDR)).toBe('TL;DR')
  })

  it('accepts only short, medium or long lengths', () => {
    expect(isAiSummaryLength('short')).toBe(true)
    expect(isAiSummaryLength('medium')).toBe(true)
    expect(isAiSummaryLength('long')).toBe(true)
    expect(isAiSummaryLength('tiny')).toBe(false)
    expect(isAiSummaryLength(undefined)).toBe(false)
  })

  it('saves only complete summaries', () => {
    for (const status of Object.values(AiSummaryStatus)) {
      const summary = createAiSummary({ status }, NOW)
      expect(isSavableAiSummary(summary)).toBe(status === 'complete')
    }
  })

  it('accepts its defaults, keeps unknown keys, and rejects wrong types', () => {
    const summary = createAiSummary({}, NOW)
    expect(AiSummarySchema.parse(summary)).toEqual(summary)
    expect(AiSummarySchema.parse({ ...summary, model: 'nano' }).model).toBe('nano')
    expect(AiSummarySchema.safeParse({ ...summary, text: 1 }).success).toBe(false)
    expect(AiSummarySchema.safeParse({ ...summary, status: 'done' }).success).toBe(false)
    expect(AiSummarySchema.safeParse({ ...summary, format: 'html' }).success).toBe(false)
    expect(AiSummarySchema.safeParse({ text: 'x' }).success).toBe(false)
  })
})
