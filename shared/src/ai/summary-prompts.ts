// The system prompts that make a chat model summarise as Chrome's Summarizer API does, so that a
// summary means the same on an OpenAI-compatible endpoint as with the built-in AI. The sizes are
// the Summarizer's documented ones (developer.chrome.com/docs/ai/summarizer-api): key points 3, 5
// or 7 bullets; TL;DR and teaser 1, 3 or 5 sentences; headline about 12, 17 or 22 words.
import type { AiSummaryLength, AiSummaryType } from '../domain/entities'
import type { AiPromptMessage, AiSummaryRequest } from './ai-provider'

const SIZE: Readonly<Record<AiSummaryType, Readonly<Record<AiSummaryLength, string>>>> = {
  'key-points': { short: '3 bullet points', medium: '5 bullet points', long: '7 bullet points' },
  tldr: { short: '1 sentence', medium: '3 sentences', long: '5 sentences' },
  teaser: { short: '1 sentence', medium: '3 sentences', long: '5 sentences' },
  headline: { short: 'about 12 words', medium: 'about 17 words', long: 'about 22 words' },
}

const TASK: Readonly<Record<AiSummaryType, (size: string) => string>> = {
  'key-points': (size) =>
    `Summarise the text as its key points: exactly ${size}, as a Markdown list with each point on its own line starting with "- ". Give the most important points first.`,
  tldr: (size) =>
    `Write a TL;DR of the text: a short overview in ${size} of plain prose, for a busy reader deciding whether to read it.`,
  teaser: (size) =>
    `Write a teaser for the text in ${size} of plain prose: focus on its most interesting or intriguing parts so that the reader wants to read it, without giving away everything.`,
  headline: (size) =>
    `Write one headline for the text, ${size} in a single line, that carries its main point the way an article headline does. No quotation marks, no full stop at the end.`,
}

const RULES =
  'Use only what the text says; add no facts or opinions of your own. Write in the language of the text. Answer with the summary alone: no preamble, no title, no closing remark.'

/** The system prompt for one summary type and length. */
export function summarySystemPrompt(type: AiSummaryType, length: AiSummaryLength): string {
  return `You summarise texts for a reader. ${TASK[type](SIZE[type][length])} ${RULES}`
}

/** The chat messages that ask a chat model for the summary `request` describes. */
export function summaryPromptMessages(request: AiSummaryRequest): AiPromptMessage[] {
  const context =
    request.context === undefined || request.context.trim() === ''
      ? ''
      : `Context: ${request.context.trim()}\n\n`
  return [
    { role: 'system', content: summarySystemPrompt(request.type, request.length) },
    { role: 'user', content: `${context}Text:\n${request.text}` },
  ]
}
