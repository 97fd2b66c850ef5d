// The AI benchmark (issue 15, docs/adr/047-ai-logic.md), in Node (the V8 of Chromium):
// (a) building the Ask your library prompt (retrieval with the search index + the token budget)
// over the store benchmark's 50,000-mark library, p95 against 50 ms and as a ratio to the search
// dialog's own query on the same index in the same run (ask-library.ts);
// (b) the time to the first streamed token Inkmark adds over the provider's own, against a
// loopback OpenAI-compatible stand-in with a fixed first-token delay, against 20 ms
// (first-token.ts).
import { availableParallelism, cpus, loadavg } from 'node:os'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { formatCount, formatMs, markdownTable, median, percentile, textTable } from '../stats'
import { ASK_SEED, askRatio, measureAskLibrary } from './ask-library'
import { measureFirstToken } from './first-token'

const FULL = { bookmarks: 10_000, marks: 50_000, questions: 300, runs: 40 }
const QUICK = { bookmarks: 500, marks: 2_500, questions: 30, runs: 4 }
/** The goal for the Ask your library prompt. */
const PROMPT_GOAL_MS = 50
/** The goal for the time to first token Inkmark adds. */
const ADDED_GOAL_MS = 20

/** Each run's difference between two paths timed in the same round. */
function paired(inkmark: readonly number[], own: readonly number[]): number[] {
  return inkmark.map((value, index) => value - (own[index] ?? 0))
}

async function measure({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const size = quick ? QUICK : FULL
  const started = Date.now()
  const loadStart = loadavg()[0] ?? 0

  const ask = measureAskLibrary(size, log)
  const first = await measureFirstToken(size.runs, log)

  const promptP95 = percentile(ask.prompt, 95)
  const ratio = askRatio(ask)
  const chatAdded = paired(first.chatTurn, first.rawChat)
  const summaryAdded = paired(first.summary, first.rawSummary)
  const chatAddedMedian = median(chatAdded)
  const summaryAddedMedian = median(summaryAdded)
  const promptPass = promptP95 < PROMPT_GOAL_MS
  const chatPass = chatAddedMedian < ADDED_GOAL_MS
  const summaryPass = summaryAddedMedian < ADDED_GOAL_MS
  const failedGoals = [
    ...(promptPass
      ? []
      : [`Ask your library prompt p95 ${formatMs(promptP95)}, goal under ${PROMPT_GOAL_MS} ms`]),
    ...(chatPass
      ? []
      : [`chat first token added ${formatMs(chatAddedMedian)}, goal under ${ADDED_GOAL_MS} ms`]),
    ...(summaryPass
      ? []
      : [
          `summary first token added ${formatMs(summaryAddedMedian)}, goal under ${ADDED_GOAL_MS} ms`,
        ]),
  ]
  const result = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**')
  const goalsHeader = ['Goal', 'Target', 'Measured', 'Result']
  const goals = [
    [
      'Ask your library: building the prompt (retrieval + budget + numbered prompt)',
      `p95 < ${PROMPT_GOAL_MS} ms`,
      `median ${formatMs(median(ask.prompt))}, p95 ${formatMs(promptP95)}; ${ratio.toFixed(1)}x the search dialog's query p95 (${formatMs(percentile(ask.dialog, 95))}); CPU time p95 ${formatMs(percentile(ask.promptCpu, 95))}`,
      result(promptPass),
    ],
    [
      'Chat: first streamed token added by Inkmark (runChatTurn, minus a raw fetch of the same prompt)',
      `median < ${ADDED_GOAL_MS} ms`,
      `median ${formatMs(chatAddedMedian)}, p95 ${formatMs(percentile(chatAdded, 95))} (${chatAdded.length} pairs)`,
      result(chatPass),
    ],
    [
      'Summary: first streamed token added by Inkmark (runSummary, minus a raw fetch of the same messages)',
      `median < ${ADDED_GOAL_MS} ms`,
      `median ${formatMs(summaryAddedMedian)}, p95 ${formatMs(percentile(summaryAdded, 95))} (${summaryAdded.length} pairs)`,
      result(summaryPass),
    ],
  ]
  const row = (label: string, values: readonly number[]) => [
    label,
    formatMs(median(values)),
    formatMs(percentile(values, 95)),
  ]
  const figuresHeader = ['', 'Median', 'p95']
  const askFigures = [
    row("Search dialog's query of the question's words (baseline)", ask.dialog),
    row('Ask your library prompt', ask.prompt),
    row("The dialog's query, CPU time", ask.dialogCpu),
    row('Ask your library prompt, CPU time', ask.promptCpu),
  ]
  const firstFigures = [
    row(
      `Raw fetch of the chat prompt (the provider's own; ${first.delayMs} ms delay)`,
      first.rawChat,
    ),
    row("OpenAI-compatible provider's chat (official client)", first.providerChat),
    row('Inkmark chat turn (budget fitting + provider)', first.chatTurn),
    row('Raw fetch of the summary messages', first.rawSummary),
    row('Inkmark summary (input trimming + provider)', first.summary),
  ]
  const cores = availableParallelism()
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const loadEnd = loadavg()[0] ?? 0
  const crowded =
    Math.max(loadStart, loadEnd) > cores
      ? ' (above the core count: other work shared the machine, so times are inflated; the ratios and paired differences, measured alongside, hold better)'
      : ''
  const machine = `${cores} cores (${cpu}), Node ${process.version}; one-minute load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end${crowded}`
  const passages = `${formatCount(median(ask.passages))} passages per prompt (median), ${ask.noneFound} of ${ask.questions} questions with none found`
  const table = [
    textTable(goalsHeader, goals),
    textTable(figuresHeader, askFigures),
    textTable(figuresHeader, firstFigures),
    `${passages}; index built in ${formatMs(ask.indexBuildMs)}. ${machine}.`,
  ].join('\n\n')
  const markdown = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:ai\` (${Math.round((Date.now() - started) / 1000)} s in all).`,
    `Machine: ${machine}.`,
    `Ask your library: the store benchmark's generator (seed ${ASK_SEED}), ${formatCount(ask.bookmarks)} bookmarks and ${formatCount(ask.marks)} marks, indexed by \`createLibrarySearch\` (built in ${formatMs(ask.indexBuildMs)}). ${ask.questions} questions of two or three words of random highlights after an opening such as "What did I read about"; each timed as \`retrieveLibraryPassages\` (6,000-token budget) plus \`buildAskLibraryPrompt\`, alternating with the search dialog's own query (its two \`index.search\` calls, pages and highlights) of the question's words on the same index; each also in CPU time (\`process.cpuUsage\`: the time the process ran rather than waited for a core, its helper threads included). The passages are read from the values the index holds (\`searchPassageLookup\`), as the web app does: no pass over the library per question or per change. ${passages}.`,
    `First token: the OpenAI-compatible stand-in server (loopback, \`@inkmark/shared/testing\`) holds each answer's first chunk ${first.delayMs} ms. A page chat turn (a 12,000-word page, system message fitted to ${formatCount(first.systemTokens)} tokens, two earlier messages) and a summary of the same page, each timed until the first text reaches the screen callback, in rotating order with a raw \`fetch\` of the very same request body read until the first content delta. ${first.runs} rounds; "added" is each round's Inkmark time minus the raw fetch of the same round.`,
    `### Goals`,
    markdownTable(goalsHeader, goals),
    `### Ask your library against the search dialog`,
    markdownTable(figuresHeader, askFigures),
    `### Time to first token`,
    markdownTable(figuresHeader, firstFigures),
  ].join('\n\n')
  return { table, markdown, failedGoals }
}

export const aiBenchmark: Benchmark = {
  name: 'ai',
  heading: '## AI (Ask your library prompt, time to first token; Node)',
  run: measure,
}
