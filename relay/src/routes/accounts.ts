// Accounts: register, log in, refresh, user info, email confirmation, password change and reset,
// signing out everywhere, and deleting an account with all its data. Answers never tell whether an
// email is registered except where the user must know (registering twice). Changing the password,
// resetting it, signing out everywhere and deleting the account end every session and close its
// room sockets; changing the password and deleting the account need the current password; answers
// that carry a token are never cached (docs/adr/029).
import { randomUUID } from 'node:crypto'
import { UserPlanDuration, UserPlanType } from '@inkmark/shared'
import type { FastifyInstance, FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser, requireAccount } from '../accounts/authenticate'
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  hashPassword,
  verifyPassword,
} from '../accounts/passwords'
import {
  createOneTimeToken,
  hashOneTimeToken,
  sessionDeadline,
  signUserToken,
} from '../accounts/tokens'
import { planUserOf } from '../billing/plan-of'
import { ErrorCode, RelayError } from '../errors'
import { mailUnavailable } from '../mail/mail-transport'
import { EmailTakenError, TokenPurpose, type StoredUser } from '../storage/relay-storage'

const DAY_MILLIS = 24 * 60 * 60 * 1000

/** Account endpoints allow this many requests per client address per minute. */
export const ACCOUNT_RATE_LIMIT_PER_MINUTE = 20
const ONE_TIME_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
const rateLimit = { rateLimit: { max: ACCOUNT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
/** The same, for answers that carry a token (Cache-Control: no-store). */
const rateLimitNoStore = { ...rateLimit, noStore: true }

const emailSchema = { type: 'string', format: 'email', minLength: 3, maxLength: 254 }
const passwordSchema = {
  type: 'string',
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
}
const tokenResponse = {
  200: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
}
const okResponse = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } }
const oneTimeTokenSchema = { type: 'string', minLength: 10, maxLength: 200 }

let decoyHash: Promise<string> | undefined

/** A real scrypt hash of a random password, made once, to verify against for unknown emails. */
function timingDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomUUID())
  return decoyHash
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** A login token for `user`, of the session that started at `authTime` (now by default). */
function tokenFor(app: FastifyInstance, user: StoredUser, authTime?: number): Promise<string> {
  const { config, keys, now } = app.services
  // The plan as billing has it (billing off's default plan included), so a refresh carries a purchase.
  const { premium, userPlan } = planUserOf(user, config)
  const planned = { ...user, premium, plan: userPlan }
  return signUserToken(planned, keys.current, Math.floor(now() / 1000), authTime)
}

/** Refuses with INVALID_CREDENTIALS unless `password` is the account's current one. */
async function requireCurrentPassword(user: StoredUser, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new RelayError(401, ErrorCode.INVALID_CREDENTIALS, 'The current password is wrong')
  }
}

async function sendOneTimeLink(
  app: FastifyInstance,
  user: StoredUser,
  purpose: TokenPurpose,
): Promise<void> {
  const { storage, mail, config, now } = app.services
  const { token, hash } = createOneTimeToken()
  await storage.putOneTimeToken(hash, user.id, purpose, now() + ONE_TIME_TOKEN_LIFETIME_MS)
  if (purpose === TokenPurpose.CONFIRM_EMAIL) {
    await mail.send({
      to: user.email,
      subject: 'Confirm your Inkmark email',
      // In the fragment too: the web app takes it out of the address bar and spends it once.
      text: `Confirm your email for Inkmark: ${config.appUrl}/email-confirmation-success#token=${token}\nThe link works for 24 hours.\n`,
    })
  } else {
    await mail.send({
      to: user.email,
      subject: 'Reset your Inkmark password',
      // In the fragment, which browsers never send to a server: the web app reads it and posts it.
      text: `Choose a new Inkmark password: ${config.appUrl}/reset-password#token=${token}\nThe link works for 24 hours. If you did not ask for it, ignore this email.\n`,
    })
  }
}

async function requireUser(app: FastifyInstance, id: string): Promise<StoredUser> {
  const user = await app.services.storage.findUserById(id)
  if (!user) {
    throw new RelayError(401, ErrorCode.UNAUTHORIZED, 'The account of this token no longer exists')
  }
  return user
}

/** The account routes. */
export const accountRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.post<{ Body: { email: string; password: string } }>(
    '/users/register',
    {
      config: rateLimitNoStore,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          properties: { email: emailSchema, password: passwordSchema },
        },
        response: tokenResponse,
      },
    },
    async (request) => {
      const { storage, now } = app.services
      try {
        const { trialDays } = app.services.config
        const user = await storage.createUser({
          id: randomUUID(),
          email: normalizeEmail(request.body.email),
          passwordHash: await hashPassword(request.body.password),
          createdAt: now(),
          plan:
            trialDays > 0
              ? {
                  type: UserPlanType.FREE_TRIAL,
                  expiresDateMillis: now() + trialDays * DAY_MILLIS,
                  userPlanDuration: UserPlanDuration.ONE_YEAR,
                }
              : null,
        })
        // Without mail the account still works; its email just cannot be confirmed.
        if (app.services.mail.kind !== 'off') {
          await sendOneTimeLink(app, user, TokenPurpose.CONFIRM_EMAIL)
        }
        return { token: await tokenFor(app, user) }
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new RelayError(
            409,
            ErrorCode.EMAIL_TAKEN,
            'An account with this email exists already',
          )
        }
        throw error
      }
    },
  )

  app.post<{ Body: { email: string; password: string } }>(
    '/auth',
    {
      config: rateLimitNoStore,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          properties: {
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
          },
        },
        response: tokenResponse,
      },
    },
    async (request) => {
      const user = await app.services.storage.findUserByEmail(normalizeEmail(request.body.email))
      // Hash even for an unknown email, so the answer's timing does not tell who has an account.
      const matches = await verifyPassword(
        request.body.password,
        user?.passwordHash ?? (await timingDecoyHash()),
      )
      if (!user || !matches) {
        throw new RelayError(
          401,
          ErrorCode.INVALID_CREDENTIALS,
          'The email or the password is wrong',
        )
      }
      return { token: await tokenFor(app, user) }
    },
  )

  app.post(
    '/auth/refresh-token',
    { config: rateLimitNoStore, preHandler: authenticate, schema: { response: tokenResponse } },
    async (request) => {
      const claims = currentUser(request)
      // The new token keeps the session's sign-in time, so refreshing never extends a session
      // past its maximum age (the token's expiry is capped at that deadline).
      if (sessionDeadline(claims.auth_time) <= Math.floor(app.services.now() / 1000)) {
        throw new RelayError(
          401,
          ErrorCode.TOKEN_EXPIRED,
          'Your token expired. Please login again.',
        )
      }
      // A test subscription cancelled at period end ends when its date has passed (ADR 051).
      await app.services.billing.endDueCancellationsOf(claims._id)
      return { token: await tokenFor(app, await requireUser(app, claims._id), claims.auth_time) }
    },
  )

  app.post(
    '/users/logout-all',
    { config: rateLimit, preHandler: authenticate, schema: { response: okResponse } },
    async (request) => {
      const { _id } = currentUser(request)
      await app.services.storage.revokeSessions(_id)
      app.services.sessions.revoke(_id)
      return { ok: true }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/users/userinfo/:id',
    {
      preHandler: authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 128 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { invalidateCache: { type: 'string', enum: ['true', 'false'] } },
        },
      },
    },
    async (request) => {
      if (request.params.id !== currentUser(request)._id) {
        throw new RelayError(403, ErrorCode.FORBIDDEN, 'You can only read your own account')
      }
      await app.services.billing.endDueCancellationsOf(request.params.id)
      const user = await requireUser(app, request.params.id)
      const { premium, userPlan } = planUserOf(user, app.services.config)
      return {
        _id: user.id,
        email: user.email,
        premium,
        userPlan,
        createdAt: user.createdAt,
        isEmailActivated: user.emailConfirmed,
      }
    },
  )

  app.post<{ Querystring: { email?: string }; Body: { email?: string } | undefined }>(
    '/users/resend-email-confirmation',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { email: emailSchema },
        },
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { email: emailSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const user = await requireUser(app, currentUser(request)._id)
      if (!user.email) {
        throw new RelayError(400, ErrorCode.EMAIL_REQUIRED, 'Email is required')
      }
      if (app.services.mail.kind === 'off') {
        throw mailUnavailable()
      }
      if (!user.emailConfirmed) {
        await sendOneTimeLink(app, user, TokenPurpose.CONFIRM_EMAIL)
      }
      return { ok: true }
    },
  )

  app.get<{ Querystring: { token: string } }>(
    '/users/confirm-email',
    {
      config: rateLimit,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: oneTimeTokenSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const { storage, now } = app.services
      const userId = await storage.takeOneTimeToken(
        hashOneTimeToken(request.query.token),
        TokenPurpose.CONFIRM_EMAIL,
        now(),
      )
      if (!userId) {
        throw new RelayError(
          400,
          ErrorCode.INVALID_TOKEN,
          'This confirmation link is not valid any more',
        )
      }
      await storage.setEmailConfirmed(userId)
      return { ok: true }
    },
  )

  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    '/users/change-password',
    {
      config: rateLimitNoStore,
      preHandler: authenticate,
      // The open room sockets of the old sessions close once this answer is out, so the device
      // that asked has its new token before its own socket is closed.
      onResponse: async (request, reply) => {
        if (reply.statusCode === 200) {
          app.services.sessions.revoke(currentUser(request)._id)
        }
      },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['oldPassword', 'newPassword'],
          properties: {
            oldPassword: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
            newPassword: passwordSchema,
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { ok: { type: 'boolean' }, token: { type: 'string' } },
            required: ['ok', 'token'],
          },
        },
      },
    },
    async (request) => {
      const { storage } = app.services
      const user = await requireUser(app, currentUser(request)._id)
      await requireCurrentPassword(user, request.body.oldPassword)
      // Every session ends, this one included; this device gets a token of a new session.
      await storage.setPasswordHash(user.id, await hashPassword(request.body.newPassword))
      return { ok: true, token: await tokenFor(app, await requireUser(app, user.id)) }
    },
  )

  app.post<{ Querystring: { email: string } }>(
    '/users/reset-password',
    {
      config: rateLimit,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['email'],
          properties: { email: emailSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      if (app.services.mail.kind === 'off') {
        throw mailUnavailable()
      }
      const user = await app.services.storage.findUserByEmail(normalizeEmail(request.query.email))
      if (user) {
        await sendOneTimeLink(app, user, TokenPurpose.RESET_PASSWORD)
      }
      // The same answer either way, so the endpoint does not reveal who has an account.
      return { ok: true }
    },
  )

  // The token travels in the body, never in the URL (URLs are logged and kept in histories).
  app.post<{ Body: { token: string; password: string } }>(
    '/password-reset',
    {
      config: rateLimit,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: {} },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'password'],
          properties: { token: oneTimeTokenSchema, password: passwordSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const { storage, sessions, now } = app.services
      const userId = await storage.takeOneTimeToken(
        hashOneTimeToken(request.body.token),
        TokenPurpose.RESET_PASSWORD,
        now(),
      )
      if (!userId) {
        throw new RelayError(400, ErrorCode.INVALID_TOKEN, 'This reset link is not valid any more')
      }
      // Whoever knew the old password is signed out everywhere.
      await storage.setPasswordHash(userId, await hashPassword(request.body.password))
      sessions.revoke(userId)
      return { ok: true }
    },
  )

  app.delete<{ Body: { password: string } }>(
    '/users/delete',
    {
      config: rateLimit,
      preHandler: authenticate,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: { password: { type: 'string', maxLength: MAX_PASSWORD_LENGTH } },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const { storage, rooms, sessions, docs } = app.services
      const user = await requireAccount(storage, currentUser(request))
      await requireCurrentPassword(user, request.body.password)
      // Nobody is billed for a deleted account: its subscription ends at the provider first.
      await app.services.billing.cancelAllOf(user.id)
      await storage.deleteUser(user.id)
      // Rooms first, so their clients are told the room is closed for good, not reloaded.
      rooms.closeUser(user.id)
      sessions.revoke(user.id)
      docs.evictUser(user.id)
      return { ok: true }
    },
  )

  done()
}
