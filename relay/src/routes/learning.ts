// The learning routes: PUT /learning-info, where a signed-in device says what it knows about
// today's learning (cards due, learned today, the target, when the next card falls due; its time
// zone from `wh-timezone`), kept per user for the daily reminder email; GET and PUT /settings,
// the user's email settings (ALL or NONE, learning reminder on or off); and POST
// /unsubscribe/{userId}?signature=..., the one-click unsubscribe of the reminder email (RFC 8058),
// authorised by the link's HMAC signature alone (docs/adr/043-learning-reminder-emails.md).
// PUT /learning-info still takes `marks` (learning items written into existing marks), as before.
import { DAILY_TARGET, ObjectStore, type StoredRecord } from '@inkmark/shared'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { authenticate, currentUser } from '../accounts/authenticate'
import { MAX_ENTITY_DEPTH, nestsDeeperThan } from '../docs/nesting'
import { ErrorCode, RelayError } from '../errors'
import { isKnownTimeZone, localTime } from '../learning/local-time'
import { verifyUnsubscribe } from '../learning/unsubscribe-signature'
import { accountMaySync, requestAccount } from '../plans/sync-plan'

/** Unsubscribe calls allowed per client address per minute (on top of the per-user bucket). */
export const UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE = 20
/** Latest time accepted in a report (year 2200): beyond it a value is no date. */
const MAX_TIME = Date.UTC(2200, 0, 1)
const count = (max: number) => z.number().int().min(0).max(max)

const MarkLearningSchema = z.strictObject({
  _id: z.string().min(1).max(256),
  learningItem: z.record(z.string(), z.unknown()),
})

/** What a device reports about today's learning. */
export const LearningSummarySchema = z.strictObject({
  dueCount: count(10_000_000),
  learnedToday: count(100_000),
  dailyTarget: z.number().int().min(1).max(1000).default(DAILY_TARGET),
  nextDueAt: z.number().int().min(0).max(MAX_TIME).nullable().default(null),
  marks: z.array(MarkLearningSchema).max(500).optional(),
})

/** The body of PUT /learning-info: the summary (with marks or not), or marks alone. */
export const LearningInfoBodySchema = z.union([
  LearningSummarySchema,
  z.strictObject({ marks: z.array(MarkLearningSchema).max(500) }),
])

/** The body of PUT /settings: any of the email settings. */
export const EmailSettingsChangeSchema = z
  .strictObject({
    emailSettings: z.enum(['ALL', 'NONE']).optional(),
    isLearningReminderEmailEnabled: z.boolean().optional(),
  })
  .refine((change) => Object.keys(change).length > 0, 'names no setting to change')

/** Parses `value` with `schema`, or answers 400 VALIDATION_FAILED naming the first problem. */
function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (result.success) {
    return result.data
  }
  const [issue] = result.error.issues
  const path = issue && issue.path.length > 0 ? `/${issue.path.join('/')}` : ''
  throw new RelayError(
    400,
    ErrorCode.VALIDATION_FAILED,
    `body${path} ${issue?.message ?? 'is invalid'}`,
  )
}

/** The device's time zone from `wh-timezone`, or UTC when it sends none the relay knows. */
export function requestTimeZone(request: FastifyRequest): string {
  const header = request.headers['wh-timezone']
  const name = typeof header === 'string' ? header.trim() : ''
  return isKnownTimeZone(name) ? name : 'UTC'
}

const unsubscribeParams = {
  type: 'object',
  required: ['userId'],
  properties: { userId: { type: 'string', minLength: 1, maxLength: 256 } },
}
const unsubscribeQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['signature'],
  properties: { signature: { type: 'string', minLength: 1, maxLength: 128 } },
}

/** The learning routes. */
export const learningRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { library, storage, now, keys } = app.services

  // RFC 8058: mail clients POST 'List-Unsubscribe=One-Click' as a form. The body means nothing
  // more, so it is read (small) and dropped; only this plugin's routes accept forms.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, next) => next(null, {}),
    )
  }

  app.put('/learning-info', { preHandler: authenticate }, async (request) => {
    const userId = currentUser(request)._id
    const body = parseBody(LearningInfoBodySchema, request.body)
    const marks = body.marks ?? []
    if (nestsDeeperThan(marks, MAX_ENTITY_DEPTH)) {
      throw new RelayError(
        400,
        ErrorCode.VALIDATION_FAILED,
        `body/marks is nested deeper than ${MAX_ENTITY_DEPTH} levels`,
      )
    }
    if ('dueCount' in body) {
      const timeZone = requestTimeZone(request)
      const reportedAt = now()
      // One row per user, the last report wins, but not for what was learned today: a device
      // that has not pulled yet (a laptop opened in the evening) must not make the phone's ten
      // cards of this morning look undone and bring a reminder.
      const previous = await storage.getLearningInfo(userId)
      const sameDay =
        previous !== undefined &&
        localTime(previous.reportedAt, timeZone).day === localTime(reportedAt, timeZone).day
      await storage.putLearningInfo({
        userId,
        dueCount: body.dueCount,
        learnedToday: sameDay
          ? Math.max(previous.learnedToday, body.learnedToday)
          : body.learnedToday,
        dailyTarget: body.dailyTarget,
        nextDueAt: body.nextDueAt,
        timeZone,
        reportedAt,
      })
    }
    // The report itself is for every account (reminders); writing synced marks is sync, which
    // the plan must allow (the same rule as /sync, read from storage: ADR 052).
    const account = marks.length > 0 ? await requestAccount(request) : undefined
    if (!account || !accountMaySync(account, app.services, now())) {
      return { stored: [] }
    }
    const updated: StoredRecord[] = []
    for (const { _id, learningItem } of marks) {
      const mark = await library.get(userId, ObjectStore.MARKS, _id)
      if (mark) {
        updated.push({ ...mark, learningItem, _objectStore: ObjectStore.MARKS })
      }
    }
    return { stored: updated.length > 0 ? await library.upsert(userId, updated) : [] }
  })

  app.get(
    '/settings',
    {
      preHandler: authenticate,
      schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
    },
    async (request) => storage.getEmailSettings(currentUser(request)._id),
  )

  app.put('/settings', { preHandler: authenticate }, async (request) => {
    const change = parseBody(EmailSettingsChangeSchema, request.body)
    const settings = await storage.setEmailSettings(currentUser(request)._id, change)
    if (!settings) {
      throw new RelayError(
        401,
        ErrorCode.UNAUTHORIZED,
        'The account of this token no longer exists',
      )
    }
    return settings
  })

  app.post<{ Params: { userId: string }; Querystring: { signature: string } }>(
    '/unsubscribe/:userId',
    {
      config: {
        rateLimit: { max: UNSUBSCRIBE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: { params: unsubscribeParams, querystring: unsubscribeQuery },
    },
    async (request) => {
      const { userId } = request.params
      const signature = request.query.signature
      if (!keys.all.some((key) => verifyUnsubscribe(key.secret, userId, signature))) {
        throw new RelayError(
          403,
          ErrorCode.FORBIDDEN,
          'This unsubscribe link is not valid: nothing was changed. Turn learning reminders off in Settings > Notifications instead.',
        )
      }
      const settings = await storage.setEmailSettings(userId, {
        isLearningReminderEmailEnabled: false,
      })
      if (!settings) {
        throw new RelayError(404, ErrorCode.NOT_FOUND, 'The account of this link no longer exists')
      }
      return { ok: true, ...settings }
    },
  )
  done()
}
