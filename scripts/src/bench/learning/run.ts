// The learning benchmark (issue 14, docs/adr/041-schedulers-and-review-log.md): the store
// benchmark's 50,000-mark library, with the flashcard state of its reviewed cards rebuilt through
// reviewCard (review logs, FSRS state). Measured in Node (the V8 of Chromium): today's session,
// the dashboard's figures and the schedule, each as a ratio to one plain pass over the same marks
// in the same run; rating a card until the next card is shown (reviewCard and the next card; then
// the store's reviewMark until durable, on fake-indexeddb); and the session built right after the
// library is opened, against the goals of 16 ms and 100 ms.
import 'fake-indexeddb/auto'
import { availableParallelism, cpus, loadavg } from 'node:os'
import {
  LearningRating,
  MarkSchema,
  learningCategories,
  learningOverview,
  learningSchedule,
  openLocalStore,
  reviewCard,
  sessionFor,
  streakCalendar,
  type LearningItem,
  type LearningSchedulerSettings,
  type Mark,
} from '@inkmark/shared'
import type { Benchmark, BenchmarkOptions, BenchmarkResult } from '../benchmark'
import { formatCount, formatMs, markdownTable, median, percentile, textTable } from '../stats'
import { GENERATED_UNTIL, createRandom, generateBookmark, generateMark } from '../store/generate'

const SEED = 20_240_315
const FULL = { bookmarks: 10_000, marks: 50_000, repeats: 25, ratings: 200, opens: 3 }
const QUICK = { bookmarks: 500, marks: 2_500, repeats: 5, ratings: 30, opens: 1 }
/** The goal for rating a card until the next one shows. */
const RATING_GOAL_MS = 16
/** The goal for the session after the library is open. */
const SESSION_GOAL_MS = 100
const DAY = 86_400_000
/** Five days after the generated library's last review: a realistic share of cards is due. */
const NOW = GENERATED_UNTIL + 5 * DAY
const TZ = 120
const SCHEDULE_DAYS = 28
const CALENDAR_DAYS = 365
const RATINGS = [LearningRating.DONT_KNOW, LearningRating.NEUTRAL, LearningRating.KNOW] as const
const SPEC: LearningSchedulerSettings = { scheduler: 'SPEC', desiredRetention: 0.9 }
const FSRS: LearningSchedulerSettings = { scheduler: 'FSRS', desiredRetention: 0.9 }

/** The generated mark with its flashcard history replayed through reviewCard. */
function withReviewLog(raw: Record<string, unknown>, index: number): Mark {
  const mark = MarkSchema.parse(raw)
  const history = mark.learningItem?.lastLearnedHistory ?? []
  if (history.length === 0) {
    return mark
  }
  const random = createRandom(SEED ^ index)
  let item: LearningItem | undefined
  history.forEach((time, review) => {
    const rating = RATINGS[Math.floor(random() * RATINGS.length)]!
    item = reviewCard(item, rating, time, random() < 0.3 ? FSRS : SPEC, `${mark._id}-r${review}`)
  })
  return { ...mark, learningItem: item }
}

/** The baseline: one plain pass over the marks, reading each one's learning item and tags. */
function onePass(marks: readonly Mark[]): number {
  let touched = 0
  for (const mark of marks) {
    const item = mark.learningItem
    if (item !== undefined && !item.disableLearning && (item.nextReviewInMillis ?? 0) <= NOW) {
      touched += 1
    }
    touched += mark.tags.length
  }
  return touched
}

function timeOnce(work: () => unknown): number {
  const start = performance.now()
  work()
  return performance.now() - start
}

async function measure({ quick, log }: BenchmarkOptions): Promise<BenchmarkResult> {
  const size = quick ? QUICK : FULL
  const started = Date.now()
  const loadStart = loadavg()[0] ?? 0
  log(`generating ${formatCount(size.marks)} marks and replaying their reviews`)
  const bookmarks = Array.from({ length: size.bookmarks }, (_, index) =>
    generateBookmark(SEED, index),
  )
  const rawMarks = Array.from({ length: size.marks }, (_, index) =>
    generateMark(SEED, index, size.bookmarks),
  )
  const marks = rawMarks.map(withReviewLog)
  const reviewed = marks.filter((mark) => (mark.learningItem?.reviewLog?.length ?? 0) > 0).length
  const logEntries = marks.reduce(
    (sum, mark) => sum + (mark.learningItem?.reviewLog?.length ?? 0),
    0,
  )

  log('timing the learning figures against one pass over the marks')
  const work: Record<string, () => unknown> = {
    pass: () => onePass(marks),
    session: () => sessionFor(marks, NOW, TZ),
    overview: () => learningOverview(marks, NOW, TZ),
    schedule: () => learningSchedule(marks, NOW, TZ, SCHEDULE_DAYS),
    categories: () => learningCategories(marks, NOW, TZ),
    calendar: () => streakCalendar(marks, NOW, TZ, CALENDAR_DAYS),
  }
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(work).map((name) => [name, []]),
  )
  for (const name of Object.keys(work)) {
    work[name]!() // warm up
  }
  const names = Object.keys(work)
  for (let repeat = 0; repeat < size.repeats; repeat += 1) {
    // Rotate the order, so no figure always runs right after the same one.
    for (let offset = 0; offset < names.length; offset += 1) {
      const name = names[(repeat + offset) % names.length]!
      samples[name]!.push(timeOnce(work[name]!))
    }
  }
  const session = sessionFor(marks, NOW, TZ)
  const overview = learningOverview(marks, NOW, TZ)

  log('rating cards: reviewCard and the next card of the session')
  const ratingSamples: number[] = []
  const random = createRandom(SEED + 7)
  // A copy, so the store below gets the library as generated (nothing learned today yet).
  const rated = [...marks]
  const byId = new Map(rated.map((mark, index) => [mark._id, index]))
  const cards = session.cards
  for (let rating = 0; rating < size.ratings; rating += 1) {
    const position = rating % cards.length
    const card = rated[byId.get(cards[position]!._id)!]!
    const start = performance.now()
    const item = reviewCard(
      card.learningItem,
      RATINGS[Math.floor(random() * RATINGS.length)]!,
      NOW + rating * 1000,
      rating % 2 === 0 ? SPEC : FSRS,
      `bench-${rating}`,
    )
    rated[byId.get(card._id)!] = { ...card, learningItem: item }
    const next = cards[(position + 1) % cards.length]
    ratingSamples.push(performance.now() - start)
    if (next === undefined) {
      throw new Error('no next card')
    }
  }

  log(`writing the library to a store on fake-indexeddb`)
  const databaseName = `inkmark-learning-bench-${Date.now()}`
  let store = await openLocalStore({ databaseName, quotaPlan: () => 'ULTIMATE' })
  for (let from = 0; from < bookmarks.length; from += 1_000) {
    await store.createOrUpdateEntities(bookmarks.slice(from, from + 1_000))
  }
  for (let from = 0; from < marks.length; from += 1_000) {
    await store.createOrUpdateEntities(
      marks.slice(from, from + 1_000).map((mark) => ({ ...mark, _objectStore: 'marks' })),
    )
  }
  log('session after the library is opened')
  const openSamples: number[] = []
  const sessionAfterOpen: number[] = []
  const decodeAfterOpen: number[] = []
  const passAfterOpen: number[] = []
  for (let open = 0; open < size.opens; open += 1) {
    await store.close()
    const openStart = performance.now()
    store = await openLocalStore({ databaseName, quotaPlan: () => 'ULTIMATE' })
    openSamples.push(performance.now() - openStart)
    const start = performance.now()
    const all = store.getAllMarks()
    const decoded = performance.now()
    decodeAfterOpen.push(decoded - start)
    // Alternate which goes first on the fresh objects, the session or a plain pass over them.
    const timings =
      open % 2 === 0
        ? [timeOnce(() => sessionFor(all, NOW, TZ)), timeOnce(() => onePass(all))]
        : [timeOnce(() => onePass(all)), timeOnce(() => sessionFor(all, NOW, TZ))].reverse()
    sessionAfterOpen.push(timings[0]!)
    passAfterOpen.push(timings[1]!)
  }
  log('rating cards through the store (reviewMark until durable, then the next card)')
  const storeRatings: number[] = []
  const storeSession = sessionFor(store.getAllMarks(), NOW, TZ).cards
  for (let rating = 0; rating < Math.min(size.ratings, 60); rating += 1) {
    const card = storeSession[rating % storeSession.length]!
    const start = performance.now()
    await store.reviewMark(card._id, RATINGS[rating % 3]!, NOW + rating * 1000)
    const next = storeSession[(rating + 1) % storeSession.length]
    storeRatings.push(performance.now() - start)
    if (next === undefined) {
      throw new Error('no next card')
    }
  }
  await store.close()

  const pass = median(samples.pass!)
  const figure = (label: string, values: readonly number[]) => [
    label,
    formatMs(median(values)),
    formatMs(percentile(values, 95)),
    `${(median(values) / pass).toFixed(1)}x`,
  ]
  const figuresHeader = ['', 'Median', 'p95', 'Ratio to one pass']
  const figures = [
    figure('One pass over the marks (baseline)', samples.pass!),
    figure("Today's session (sessionFor)", samples.session!),
    figure('Dashboard figures (learningOverview)', samples.overview!),
    figure(`Schedule, ${SCHEDULE_DAYS} days (learningSchedule)`, samples.schedule!),
    figure('Categories by tag and site (learningCategories)', samples.categories!),
    figure(`Streak calendar, ${CALENDAR_DAYS} days (streakCalendar)`, samples.calendar!),
  ]
  const ratingP95 = percentile(ratingSamples, 95)
  const storeP95 = percentile(storeRatings, 95)
  const afterOpen = median(sessionAfterOpen)
  const ratingPass = ratingP95 < RATING_GOAL_MS
  const storePass = storeP95 < RATING_GOAL_MS
  const sessionPass = afterOpen < SESSION_GOAL_MS
  const failedGoals = [
    ...(ratingPass ? [] : [`rating p95 ${formatMs(ratingP95)}, goal under ${RATING_GOAL_MS} ms`]),
    ...(storePass
      ? []
      : [`rating through the store p95 ${formatMs(storeP95)}, goal under ${RATING_GOAL_MS} ms`]),
    ...(sessionPass
      ? []
      : [`session after open ${formatMs(afterOpen)}, goal under ${SESSION_GOAL_MS} ms`]),
  ]
  const result = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**')
  const goalsHeader = ['Goal', 'Target', 'Measured', 'Result']
  const goals = [
    [
      'Rating a card until the next is shown (reviewCard + next card)',
      `p95 < ${RATING_GOAL_MS} ms`,
      `median ${formatMs(median(ratingSamples))}, p95 ${formatMs(ratingP95)} (${ratingSamples.length} ratings)`,
      result(ratingPass),
    ],
    [
      'The same through the store (reviewMark until durable + next card)',
      `p95 < ${RATING_GOAL_MS} ms`,
      `median ${formatMs(median(storeRatings))}, p95 ${formatMs(storeP95)} (${storeRatings.length} ratings, fake-indexeddb)`,
      result(storePass),
    ],
    [
      "Session after the library is open (the first sessionFor over the opened store's marks)",
      `median < ${SESSION_GOAL_MS} ms`,
      `median ${formatMs(afterOpen)}, max ${formatMs(Math.max(...sessionAfterOpen))} (${sessionAfterOpen.length} opens; one plain pass over the same fresh marks ${formatMs(median(passAfterOpen))}, ${(afterOpen / median(passAfterOpen)).toFixed(1)}x)`,
      result(sessionPass),
    ],
    [
      'For information: reading every mark after the open (getAllMarks), before the session',
      '',
      `median ${formatMs(median(decodeAfterOpen))} (the open itself ${formatMs(median(openSamples))})`,
      'not a goal',
    ],
  ]
  const cores = availableParallelism()
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const loadEnd = loadavg()[0] ?? 0
  const crowded =
    Math.max(loadStart, loadEnd) > cores
      ? ' (above the core count: other work shared the machine, so times are inflated; the ratios, measured alongside, hold better)'
      : ''
  const machine = `${cores} cores (${cpu}), Node ${process.version}; one-minute load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end${crowded}`
  const counts = `${formatCount(session.cards.length)} cards in today's session, ${formatCount(overview.dueCount)} due, ${formatCount(reviewed)} cards with a review log (${formatCount(logEntries)} entries)`
  const table = [
    textTable(goalsHeader, goals),
    textTable(figuresHeader, figures),
    `${counts}. ${machine}.`,
  ].join('\n\n')
  const markdown = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:learning\` (${Math.round((Date.now() - started) / 1000)} s in all).`,
    `Machine: ${machine}.`,
    `Library (seed ${SEED}, the store benchmark's generator): ${formatCount(size.bookmarks)} bookmarks and ${formatCount(size.marks)} marks; the 20% with flashcard state have their reviews replayed through \`reviewCard\` (random answers, 30% under FSRS), so they carry a review log, its base and an FSRS state. The clock is 5 days after the last generated review, time zone UTC+2: ${counts}. Each figure is the median of ${size.repeats} runs in rotating order, the baseline (one plain pass reading every mark's learning item and tags) among them. Rating: a card of today's session is rated (\`reviewCard\`, the two schedulers in turn), put back into the marks, and the next card of the session picked. Through the store: \`LocalStore.reviewMark\` (reads the settings, reviews, writes the mark and waits until IndexedDB committed it), on fake-indexeddb in Node, not Chromium's IndexedDB. Session after open: the store reopened on the written library, then \`getAllMarks()\` (every mark decoded) and \`sessionFor\`. Node's V8 (the engine of Chromium).`,
    `### Goals`,
    markdownTable(goalsHeader, goals),
    `### The learning figures against one pass over the marks`,
    markdownTable(figuresHeader, figures),
  ].join('\n\n')
  return { table, markdown, failedGoals }
}

export const learningBenchmark: Benchmark = {
  name: 'learning',
  heading: '## Learning (sessions, figures, rating; Node)',
  run: measure,
}
