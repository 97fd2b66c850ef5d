// Giveaways (docs/adr/052-giveaways.md): a paying subscriber makes a link that gives someone a
// month of Premium. POST /giveaway makes one (a few per calendar month), GET
// /giveaway/count/amount-this-month says how many are left and lists the caller's own links, GET
// /giveaway/:id shows a link's gift to whoever holds it (nothing about the giver), and POST
// /giveaway/:id/redeem gives it to the signed-in caller. The plan is changed only here, by the relay,
// in one storage transaction; the browser only asks.
import { randomBytes } from 'node:crypto'
import type { FastifyPluginCallback } from 'fastify'
import { authenticate, currentUser } from '../accounts/authenticate'
import { ErrorCode, RelayError } from '../errors'
import {
  GIVEAWAY_DAYS,
  GIVEAWAY_LINK_LIFETIME_MS,
  GIVEAWAYS_PER_MONTH,
  GiveawayRefusal,
  giveawayStatus,
  giveawaysAvailable,
  mayGive,
  monthOf,
  redeemRule,
  type GiveawayStatus,
} from '../plans/giveaway-plan'
import { requestAccount } from '../plans/sync-plan'
import type { StoredGiveaway } from '../storage/events-giveaways'

/** Giveaway calls one address may make per minute. */
export const GIVEAWAY_RATE_LIMIT_PER_MINUTE = 30

/** A giveaway as its link shows it: what it gives and whether it can still be taken. */
export interface GiveawayView {
  id: string
  planType: string
  days: number
  status: GiveawayStatus
  expiresAt: number
  redeemedAt: number | null
}

const rateLimit = { rateLimit: { max: GIVEAWAY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } },
}
const noBody = { type: ['object', 'null'], additionalProperties: false, properties: {} }

function viewOf(giveaway: StoredGiveaway, now: number): GiveawayView {
  return {
    id: giveaway.id,
    planType: giveaway.planType,
    days: giveaway.days,
    status: giveawayStatus(giveaway, now),
    expiresAt: giveaway.expiresAt,
    redeemedAt: giveaway.redeemedAt,
  }
}

const notFound = () => new RelayError(404, ErrorCode.NOT_FOUND, 'This gift link does not exist')

const refusals: Record<string, () => RelayError> = {
  'not-found': notFound,
  'no-account': () =>
    new RelayError(401, ErrorCode.UNAUTHORIZED, 'The account of this token no longer exists'),
  [GiveawayRefusal.OWN]: () =>
    new RelayError(
      403,
      ErrorCode.FORBIDDEN,
      'This is your own gift: send the link to someone else',
    ),
  [GiveawayRefusal.REDEEMED]: () =>
    new RelayError(409, ErrorCode.GIVEAWAY_REDEEMED, 'This gift has been redeemed already'),
  [GiveawayRefusal.EXPIRED]: () =>
    new RelayError(410, ErrorCode.GIVEAWAY_EXPIRED, 'This gift link has expired'),
  [GiveawayRefusal.PLAN_ALREADY_LONGER]: () =>
    new RelayError(
      409,
      ErrorCode.PLAN_ALREADY_LONGER,
      'Your plan already goes on longer than this gift: pass the link on to someone else',
    ),
}

/** The giveaway routes. */
export const giveawayRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { storage, now, config } = app.services

  const left = async (userId: string, at: number) => {
    const { start, next } = monthOf(at)
    const mine = await storage.listGiveawaysBy(userId, start)
    return { mine, amount: Math.max(0, GIVEAWAYS_PER_MONTH - mine.length), resetsAt: next }
  }

  app.get(
    '/giveaway/count/amount-this-month',
    { config: rateLimit, preHandler: authenticate },
    async (request) => {
      const account = await requestAccount(request)
      const at = now()
      const canGive = account !== undefined && giveawaysAvailable(config) && mayGive(account, at)
      const { mine, amount, resetsAt } = await left(currentUser(request)._id, at)
      return {
        canGive,
        amount: canGive ? amount : 0,
        allowance: GIVEAWAYS_PER_MONTH,
        resetsAt,
        giveaways: mine.map((giveaway) => viewOf(giveaway, at)),
      }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/giveaway/:id',
    { config: rateLimit, schema: { params: idParams } },
    async (request) => {
      const giveaway = await storage.findGiveaway(request.params.id)
      if (!giveaway) {
        throw notFound()
      }
      return viewOf(giveaway, now())
    },
  )

  app.post(
    '/giveaway',
    { config: rateLimit, preHandler: authenticate, schema: { body: noBody } },
    async (request, reply) => {
      if (!giveawaysAvailable(config)) {
        throw new RelayError(
          409,
          ErrorCode.GIVEAWAYS_OFF,
          'Every account on this server has a plan already: there is nothing to give',
        )
      }
      const account = await requestAccount(request)
      const at = now()
      if (!account || !mayGive(account, at)) {
        throw new RelayError(
          402,
          ErrorCode.PREMIUM_REQUIRED,
          'Giving a month of Premium is for Premium and Ultimate subscribers',
        )
      }
      const giveaway: StoredGiveaway = {
        id: randomBytes(16).toString('base64url'),
        giverId: account.id,
        planType: 'PREMIUM',
        days: GIVEAWAY_DAYS,
        createdAt: at,
        expiresAt: at + GIVEAWAY_LINK_LIFETIME_MS,
        redeemedBy: null,
        redeemedAt: null,
      }
      const { start } = monthOf(at)
      if (!(await storage.createGiveaway(giveaway, start, GIVEAWAYS_PER_MONTH))) {
        throw new RelayError(
          409,
          ErrorCode.GIVEAWAY_LIMIT_REACHED,
          `You have given all ${GIVEAWAYS_PER_MONTH} gifts of this month`,
        )
      }
      const { amount } = await left(account.id, at)
      return reply.status(201).send({ giveaway: viewOf(giveaway, at), amount })
    },
  )

  app.post<{ Params: { id: string } }>(
    '/giveaway/:id/redeem',
    { config: rateLimit, preHandler: authenticate, schema: { params: idParams, body: noBody } },
    async (request) => {
      const at = now()
      const outcome = await storage.redeemGiveaway(
        request.params.id,
        currentUser(request)._id,
        at,
        redeemRule(at, config),
      )
      if (!outcome.ok) {
        throw (refusals[outcome.reason] ?? notFound)()
      }
      return { giveaway: viewOf(outcome.giveaway, at), userPlan: outcome.plan }
    },
  )
  done()
}
