import { describe, expect, it } from 'vitest'
import { summaryPromptMessages, summarySystemPrompt } from './summary-prompts'

describe('summary prompts', () => {
  it('ask for the Summarizer’s sizes per type and length', () => {
    expect(summarySystemPrompt('key-points', 'short')).toContain('3 bullet points')
    expect(summarySystemPrompt('key-points', 'long')).toContain('7 bullet points')
    expect(summarySystemPrompt('key-points', 'medium')).toContain('Markdown list')
    expect(summarySystemPrompt('tldr', 'medium')).toContain('3 sentences')
    expect(summarySystemPrompt('teaser', 'short')).toContain('1 sentence')
    expect(summarySystemPrompt('headline', 'long')).toContain('about 22 words')
  })

  it('give the system prompt, then the text with its context as the user message', () => {
    expect(
      summaryPromptMessages({ text: 'Body.', type: 'tldr', length: 'short', context: ' Title ' }),
    ).toEqual([
      { role: 'system', content: summarySystemPrompt('tldr', 'short') },
      { role: 'user', content: 'Context: Title\n\nText:\nBody.' },
    ])
    expect(summaryPromptMessages({ text: 'Body.', type: 'tldr', length: 'short' })[1]).toEqual({
      role: 'user',
      content: 'Text:\nBody.',
    })
  })
})
