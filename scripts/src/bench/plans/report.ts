// The plans benchmark's goals and how its figures read: the goals judged on the figures, the
// terminal tables and the Markdown section of BENCHMARKS.md.
import type { BenchmarkResult } from '../benchmark'
import { formatBytes, formatMs, markdownTable, median, percentile, textTable } from '../stats'
import type { PlansFigures } from './measure'

/** The plan gate's share of a 20-entity push's median, at most. */
export const GATE_SHARE_GOAL = 0.05
/** A verified webhook's p95, per event, under (this 2-core machine). */
export const WEBHOOK_P95_GOAL_MS = 50

export interface RunContext {
  machine: string
  seconds: number
  command: string
}

const result = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**')
const ratio = (value: number) => `${value.toFixed(2)}x`
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** The goals, the tables and the section. */
export function plansReport(figures: PlansFigures, context: RunContext): BenchmarkResult {
  const pushMedian = median(figures.push)
  const gateShare = median(figures.gate) / pushMedian
  const refusalRatio = median(figures.refused) / pushMedian
  // The replay re-sends a transaction.completed: compared with that event's first delivery.
  const firsts = figures.transaction
  const replayRatio = median(figures.replay) / median(firsts)
  const checks = {
    gate: gateShare < GATE_SHARE_GOAL,
    refusal: refusalRatio < 1,
    transaction: percentile(figures.transaction, 95) < WEBHOOK_P95_GOAL_MS,
    subscription: percentile(figures.subscription, 95) < WEBHOOK_P95_GOAL_MS,
    replay: replayRatio <= 1,
  }
  const goalsHeader = ['Goal', 'Target', 'Measured', 'Result']
  const goals = [
    [
      "The plan gate's share of a 20-entity push (account read + accountMaySync)",
      `< ${percent(GATE_SHARE_GOAL)} of the push's median`,
      `${percent(gateShare)} (gate median ${formatMs(median(figures.gate))}, push median ${formatMs(pushMedian)})`,
      result(checks.gate),
    ],
    [
      'A refused push (expired trial, 402 PREMIUM_REQUIRED) against an accepted one',
      'median ratio < 1',
      `${ratio(refusalRatio)} (${formatMs(median(figures.refused))} against ${formatMs(pushMedian)})`,
      result(checks.refusal),
    ],
    ...(['transaction', 'subscription'] as const).map((name) => [
      `A verified webhook: ${name === 'transaction' ? 'transaction.completed' : 'subscription.updated'}, first delivery`,
      `p95 < ${WEBHOOK_P95_GOAL_MS} ms`,
      `p95 ${formatMs(percentile(figures[name], 95))}, median ${formatMs(median(figures[name]))}`,
      result(checks[name]),
    ]),
    [
      'A replayed transaction.completed (duplicate) against its first delivery',
      'median ratio <= 1',
      `${ratio(replayRatio)} (${formatMs(median(figures.replay))} against ${formatMs(median(firsts))})`,
      result(checks.replay),
    ],
  ]
  const figuresHeader = ['', 'Median', 'p95', 'Median / push median']
  const row = (label: string, values: readonly number[]) => [
    label,
    formatMs(median(values)),
    formatMs(percentile(values, 95)),
    ratio(median(values) / pushMedian),
  ]
  const gateFigures = [
    row(`Accepted POST /sync of ${figures.batch} new entities, Ultimate (baseline)`, figures.push),
    row('Plan gate alone (findUserById + accountMaySync)', figures.gate),
    row('Refused POST /sync, expired trial (402)', figures.refused),
  ]
  const webhookFigures = [
    row('transaction.completed, first delivery (applied)', figures.transaction),
    row('subscription.updated, first delivery (applied)', figures.subscription),
    row('transaction.completed, delivered again (duplicate)', figures.replay),
  ]
  const failedGoals = goals.filter((goal) => goal[3] === result(false)).map((goal) => goal[0]!)
  const table = [
    textTable(goalsHeader, goals),
    textTable(figuresHeader, gateFigures),
    textTable(figuresHeader, webhookFigures),
    `${figures.rounds} rounds (after ${figures.warmupRounds} warm-up). ${context.machine}.`,
  ].join('\n\n')
  const markdown = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`${context.command}\` (${context.seconds} s in all).`,
    `Machine: ${context.machine}.`,
    `What was measured: one relay built in the measuring process (\`createRelay\` with the test configuration, the \`test\` billing provider, the relay's default limits) on SQLite in a temporary file (WAL, ${formatBytes(figures.storedBytes)} at the end), driven with \`app.inject\` (no sockets), by \`relay/src/testing/plans-bench.ts\` run as a child process. Two accounts: one that bought Ultimate (yearly) through the test checkout, whose signed events set its plan; one whose 14-day trial ended a day before (the relay's clock moved on). ${figures.rounds} rounds after ${figures.warmupRounds} warm-up rounds; each round times six things, in an order that rotates from round to round: an accepted POST /sync of ${figures.batch} new entities (${figures.bookmarksPerBatch} bookmarks, ${figures.batch - figures.bookmarksPerBatch} marks on them; ${formatBytes(figures.pushBytes)} of JSON) by the Ultimate account, the baseline every ratio is to; the plan gate's own work alone, as \`requireSyncPlan\` does it (\`storage.findUserById\` + \`accountMaySync\`); the same push by the expired trial, answered 402 PREMIUM_REQUIRED; a \`transaction.completed\` (a renewal, new transaction id) and a \`subscription.updated\` (same state) about the Ultimate subscription, each in Paddle's shape and signed as the test provider signs, through \`BillingService.receiveEvent\` (the Paddle SDK checks the signature and reads the event, then it is applied in one storage transaction that refuses replays and older events); and an earlier round's \`transaction.completed\` delivered again, signed anew, which comes back 'duplicate'. Signing is outside the timed part. Every answer is checked (20 stored, 402 with its code, 'applied' or 'duplicate').`,
    `### Goals`,
    markdownTable(goalsHeader, goals),
    `### The plan gate and a refusal against a push`,
    markdownTable(figuresHeader, gateFigures),
    `### Verified webhooks, per event`,
    markdownTable(figuresHeader, webhookFigures),
  ].join('\n\n')
  return { table, markdown, failedGoals }
}
