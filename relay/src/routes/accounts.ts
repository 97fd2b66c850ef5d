// Accounts: register, log in, refresh, user info, email confirmation, password change and reset,
// and deleting an account with all its data. Answers never tell whether an email is registered
// except where the user must know (registering twice).
import { randomUUID } from 'node:crypto'
import { UserPlanDuration, UserPlanType } from '@inkmark/shared'
import type { FastifyInstance, FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  hashPassword,
  verifyPassword,
} from '../accounts/passwords'
import { createOneTimeToken, hashOneTimeToken, signUserToken } from '../accounts/tokens'
import { ErrorCode, RelayError } from '../errors'
import { EmailTakenError, TokenPurpose, type StoredUser } from '../storage/relay-storage'

const DAY_MILLIS = 24 * 60 * 60 * 1000

/** Account endpoints allow this many requests per client address per minute. */
export const ACCOUNT_RATE_LIMIT_PER_MINUTE = 20
const ONE_TIME_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
const rateLimit = { rateLimit: { max: ACCOUNT_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }

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

let decoyHash: Promise<string> | undefined

/** A real scrypt hash of a random password, made once, to verify against for unknown emails. */
function timingDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomUUID())
  return decoyHash
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function tokenFor(app: FastifyInstance, user: StoredUser): Promise<string> {
  const { config, now } = app.services
  return signUserToken(user, config.jwtSecret, Math.floor(now() / 1000))
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
      text: `Confirm your email for Inkmark: ${config.appUrl}/email-confirmation-success?token=${token}\n`,
    })
  } else {
    await mail.send({
      to: user.email,
      subject: 'Reset your Inkmark password',
      text: `Choose a new Inkmark password: ${config.appUrl}/reset-password?token=${token}\nThe link works for 24 hours. If you did not ask for it, ignore this email.\n`,
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
      config: rateLimit,
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
        await sendOneTimeLink(app, user, TokenPurpose.CONFIRM_EMAIL)
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
      config: rateLimit,
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
    { config: rateLimit, preHandler: authenticate, schema: { response: tokenResponse } },
    async (request) => ({
      token: await tokenFor(app, await requireUser(app, currentUser(request)._id)),
    }),
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
      const user = await requireUser(app, request.params.id)
      return {
        _id: user.id,
        email: user.email,
        premium: user.premium,
        userPlan: user.plan,
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
          properties: { token: { type: 'string', minLength: 10, maxLength: 200 } },
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
      config: rateLimit,
      preHandler: authenticate,
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
        response: okResponse,
      },
    },
    async (request) => {
      const user = await requireUser(app, currentUser(request)._id)
      if (!(await verifyPassword(request.body.oldPassword, user.passwordHash))) {
        throw new RelayError(401, ErrorCode.INVALID_CREDENTIALS, 'The current password is wrong')
      }
      await app.services.storage.setPasswordHash(
        user.id,
        await hashPassword(request.body.newPassword),
      )
      return { ok: true }
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
      const user = await app.services.storage.findUserByEmail(normalizeEmail(request.query.email))
      if (user) {
        await sendOneTimeLink(app, user, TokenPurpose.RESET_PASSWORD)
      }
      // The same answer either way, so the endpoint does not reveal who has an account.
      return { ok: true }
    },
  )

  app.post<{ Querystring: { token: string }; Body: { password: string } }>(
    '/password-reset',
    {
      config: rateLimit,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: { type: 'string', minLength: 10, maxLength: 200 } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: { password: passwordSchema },
        },
        response: okResponse,
      },
    },
    async (request) => {
      const { storage, now } = app.services
      const userId = await storage.takeOneTimeToken(
        hashOneTimeToken(request.query.token),
        TokenPurpose.RESET_PASSWORD,
        now(),
      )
      if (!userId) {
        throw new RelayError(400, ErrorCode.INVALID_TOKEN, 'This reset link is not valid any more')
      }
      await storage.setPasswordHash(userId, await hashPassword(request.body.password))
      return { ok: true }
    },
  )

  app.delete(
    '/users/delete',
    { config: rateLimit, preHandler: authenticate, schema: { response: okResponse } },
    async (request) => {
      const { _id } = currentUser(request)
      await app.services.storage.deleteUser(_id)
      // Rooms first, so their clients are told the room is closed for good, not reloaded.
      app.services.rooms.closeUser(_id)
      app.services.docs.evictUser(_id)
      return { ok: true }
    },
  )

  done()
}
