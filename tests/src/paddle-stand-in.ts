// A local stand-in for Paddle Billing's API, for tests only (it says so in every answer's
// `x-stand-in` header). It follows Paddle's documented requests and answers for the calls the relay
// makes — GET/PATCH /subscriptions/{id}, POST /subscriptions/{id}/cancel and /resume,
// GET /transactions (subscription_id, id, status filters), GET /transactions/{id}/invoice,
// POST /discounts — checks the Bearer API key, answers errors in Paddle's envelope
// `{ error: { type, code, detail, documentation_url }, meta: { request_id } }`, and sends webhooks
// signed as Paddle signs them (`Paddle-Signature: ts=...;h1=HMAC-SHA256(secret, "ts:body")`), to
// the relay's webhook address, after a checkout and after each change, as Paddle does.
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

export interface PaddleStandInOptions {
  apiKey: string
  webhookSecret: string
  /** Price id → what the stand-in's catalogue says about it. */
  prices: Record<string, { amount: string; currency: string; interval: 'month' | 'year' | null }>
}

export interface PaddleStandIn {
  url: string
  /** Where webhooks go (the relay's POST /billing/webhooks/paddle); none are sent until set. */
  webhookUrl: string | undefined
  /** Every API request received, for assertions (`METHOD /path?query`). */
  requests: string[]
  subscriptions: Map<string, Record<string, unknown>>
  transactions: Map<string, Record<string, unknown>>
  discounts: Map<string, Record<string, unknown>>
  /** Replaces the accepted API key (the relay's key stops working). */
  setApiKey(apiKey: string): void
  /**
   * What Paddle does when the checkout overlay completes: creates the subscription (or, for a
   * one-time price, only the transaction) and sends subscription.created and transaction.completed.
   */
  completeCheckout(input: {
    priceId: string
    customData: Record<string, unknown>
  }): Promise<{ subscriptionId: string | null; transactionId: string }>
  /** Signs `event` as Paddle does and POSTs it to `webhookUrl`; resolves with the status. */
  sendWebhook(
    event: Record<string, unknown>,
    options?: { timestampSeconds?: number },
  ): Promise<number>
  close(): Promise<void>
}

function paddleId(prefix: string): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'
  return `${prefix}_01${Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join('')}`
}

const iso = (millis: number) => new Date(millis).toISOString()

function addMonths(from: number, months: number): number {
  const date = new Date(from)
  date.setUTCMonth(date.getUTCMonth() + months)
  return date.getTime()
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-stand-in': 'Paddle API stand-in for tests',
  })
  response.end(JSON.stringify(body))
}

function paddleError(
  response: ServerResponse,
  status: number,
  type: 'request_error' | 'api_error',
  code: string,
  detail: string,
): void {
  send(response, status, {
    error: {
      type,
      code,
      detail,
      documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}`,
    },
    meta: { request_id: randomBytes(8).toString('hex') },
  })
}

/** Starts the stand-in on a free loopback port. */
export async function startPaddleStandIn(options: PaddleStandInOptions): Promise<PaddleStandIn> {
  let apiKey = options.apiKey
  const subscriptions = new Map<string, Record<string, unknown>>()
  const transactions = new Map<string, Record<string, unknown>>()
  const discounts = new Map<string, Record<string, unknown>>()
  const requests: string[] = []
  let baseUrl = ''
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      paddleError(response, 500, 'api_error', 'internal_error', String(error))
    })
  })

  function priceObject(priceId: string): Record<string, unknown> {
    const price = options.prices[priceId]
    if (!price) {
      throw new Error(`The stand-in knows no price ${priceId}`)
    }
    return {
      id: priceId,
      product_id: 'pro_01standinproduct000000000',
      description: 'Inkmark plan',
      type: 'standard',
      name: priceId,
      billing_cycle: price.interval ? { interval: price.interval, frequency: 1 } : null,
      trial_period: null,
      tax_mode: 'account_setting',
      unit_price: { amount: price.amount, currency_code: price.currency },
      unit_price_overrides: [],
      quantity: { minimum: 1, maximum: 1 },
      status: 'active',
      custom_data: null,
      import_meta: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }
  }

  function totals(amount: string, currency: string): Record<string, unknown> {
    return {
      subtotal: amount,
      discount: '0',
      tax: '0',
      total: amount,
      credit: '0',
      credit_to_balance: '0',
      balance: '0',
      grand_total: amount,
      grand_total_tax: '0',
      fee: null,
      earnings: null,
      currency_code: currency,
    }
  }

  function makeTransaction(input: {
    priceId: string
    subscriptionId: string | null
    customData: Record<string, unknown> | null
    period: { start: number; end: number } | null
    now: number
  }): Record<string, unknown> {
    const price = options.prices[input.priceId]!
    const id = paddleId('txn')
    const transaction = {
      id,
      status: 'completed',
      customer_id: 'ctm_01standincustomer00000000',
      address_id: 'add_01standinaddress000000000',
      business_id: null,
      custom_data: input.customData,
      currency_code: price.currency,
      origin: 'web',
      subscription_id: input.subscriptionId,
      invoice_id: paddleId('inv'),
      invoice_number: `325-${transactions.size + 10000}`,
      collection_mode: 'automatic',
      discount_id: null,
      billing_details: null,
      billing_period: input.period
        ? { starts_at: iso(input.period.start), ends_at: iso(input.period.end) }
        : null,
      items: [{ price: priceObject(input.priceId), quantity: 1, proration: null }],
      details: {
        tax_rates_used: [],
        totals: totals(price.amount, price.currency),
        adjusted_totals: null,
        payout_totals: null,
        adjusted_payout_totals: null,
        line_items: [],
      },
      payments: [
        {
          payment_attempt_id: randomBytes(16).toString('hex'),
          stored_payment_method_id: randomBytes(16).toString('hex'),
          payment_method_id: paddleId('paymtd'),
          amount: price.amount,
          status: 'captured',
          error_code: null,
          method_details: {
            type: 'card',
            card: {
              type: 'visa',
              last4: '4242',
              expiry_month: 12,
              expiry_year: 2030,
              cardholder_name: 'Test Card',
            },
          },
          created_at: iso(input.now),
          captured_at: iso(input.now),
        },
      ],
      checkout: { url: null },
      created_at: iso(input.now),
      updated_at: iso(input.now),
      billed_at: iso(input.now),
      revised_at: null,
    }
    transactions.set(id, transaction)
    return transaction
  }

  /** The subscription as the API answers it (next_transaction when asked to include it). */
  function subscriptionAnswer(
    subscription: Record<string, unknown>,
    includeNext: boolean,
  ): Record<string, unknown> {
    if (!includeNext || subscription.status !== 'active' || subscription.scheduled_change) {
      return { ...subscription, next_transaction: null }
    }
    const item = (subscription.items as { price: { id: string } }[])[0]!
    const price = options.prices[item.price.id]!
    const discount = subscription.discount as { id: string } | null
    const percent = discount ? Number(discounts.get(discount.id)?.amount ?? 0) : 0
    const amount = String(Math.round(Number(price.amount) * (1 - percent / 100)))
    const period = subscription.current_billing_period as { ends_at: string }
    const months = price.interval === 'month' ? 1 : 12
    return {
      ...subscription,
      next_transaction: {
        billing_period: {
          starts_at: period.ends_at,
          ends_at: iso(addMonths(Date.parse(period.ends_at), months)),
        },
        details: {
          tax_rates_used: [],
          totals: {
            ...totals(amount, price.currency),
            discount: String(Number(price.amount) - Number(amount)),
          },
          line_items: [],
        },
        adjustments: [],
      },
    }
  }

  const standIn: PaddleStandIn = {
    url: '',
    webhookUrl: undefined,
    requests,
    subscriptions,
    transactions,
    discounts,
    setApiKey(next) {
      apiKey = next
    },
    async completeCheckout({ priceId, customData }) {
      const price = options.prices[priceId]
      if (!price) {
        throw new Error(`The stand-in knows no price ${priceId}`)
      }
      const now = Date.now()
      if (price.interval === null) {
        const transaction = makeTransaction({
          priceId,
          subscriptionId: null,
          customData,
          period: null,
          now,
        })
        await standIn.sendWebhook(event('transaction.completed', transaction))
        return { subscriptionId: null, transactionId: String(transaction.id) }
      }
      const subscriptionId = paddleId('sub')
      const end = addMonths(now, price.interval === 'month' ? 1 : 12)
      const transaction = makeTransaction({
        priceId,
        subscriptionId,
        customData,
        period: { start: now, end },
        now,
      })
      const subscription = {
        id: subscriptionId,
        status: 'active',
        customer_id: 'ctm_01standincustomer00000000',
        address_id: 'add_01standinaddress000000000',
        business_id: null,
        currency_code: price.currency,
        created_at: iso(now),
        updated_at: iso(now),
        started_at: iso(now),
        first_billed_at: iso(now),
        next_billed_at: iso(end),
        paused_at: null,
        canceled_at: null,
        discount: null,
        collection_mode: 'automatic',
        billing_details: null,
        current_billing_period: { starts_at: iso(now), ends_at: iso(end) },
        billing_cycle: { interval: price.interval, frequency: 1 },
        scheduled_change: null,
        management_urls: null,
        items: [
          {
            status: 'active',
            quantity: 1,
            recurring: true,
            created_at: iso(now),
            updated_at: iso(now),
            previously_billed_at: iso(now),
            next_billed_at: iso(end),
            trial_dates: null,
            price: priceObject(priceId),
            product: {
              id: 'pro_01standinproduct000000000',
              name: 'Inkmark',
              type: 'standard',
              description: 'Inkmark plan',
              tax_category: 'standard',
              image_url: null,
              custom_data: null,
              status: 'active',
              created_at: '2026-01-01T00:00:00.000Z',
              updated_at: '2026-01-01T00:00:00.000Z',
              import_meta: null,
            },
          },
        ],
        custom_data: customData,
        import_meta: null,
      }
      subscriptions.set(subscriptionId, subscription)
      await standIn.sendWebhook(event('subscription.created', subscription))
      await standIn.sendWebhook(event('transaction.completed', transaction))
      return { subscriptionId, transactionId: String(transaction.id) }
    },
    async sendWebhook(body, sendOptions = {}) {
      if (!standIn.webhookUrl) {
        throw new Error('The stand-in has no webhookUrl to send to')
      }
      const raw = JSON.stringify(body)
      const ts = sendOptions.timestampSeconds ?? Math.floor(Date.now() / 1000)
      const h1 = createHmac('sha256', options.webhookSecret).update(`${ts}:${raw}`).digest('hex')
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'paddle-signature': `ts=${ts};h1=${h1}` },
        body: raw,
      })
      await response.arrayBuffer()
      return response.status
    },
    close() {
      return new Promise((resolveClose) => {
        server.closeAllConnections()
        server.close(() => resolveClose())
      })
    },
  }

  function event(eventType: string, data: Record<string, unknown>): Record<string, unknown> {
    return {
      event_id: paddleId('evt'),
      event_type: eventType,
      occurred_at: iso(Date.now()),
      notification_id: paddleId('ntf'),
      data,
    }
  }

  /** Changes a subscription and sends its webhook, as Paddle does after an API change. */
  async function changed(
    subscription: Record<string, unknown>,
    eventType: string,
  ): Promise<Record<string, unknown>> {
    subscription.updated_at = iso(Date.now())
    if (standIn.webhookUrl) {
      await standIn.sendWebhook(event(eventType, subscription))
    }
    return subscription
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', baseUrl)
    requests.push(`${request.method} ${url.pathname}${url.search}`)
    if (request.headers.authorization?.toLowerCase() !== `bearer ${apiKey}`.toLowerCase()) {
      paddleError(
        response,
        403,
        'request_error',
        'forbidden',
        'You are not authorized to perform this request.',
      )
      return
    }
    const text = await readBody(request)
    let body: Record<string, unknown> = {}
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      paddleError(response, 400, 'request_error', 'bad_request', 'Invalid request body.')
      return
    }
    const parts = url.pathname.split('/').filter(Boolean)
    const meta = { request_id: randomBytes(8).toString('hex') }

    if (parts[0] === 'subscriptions' && parts[1]) {
      const subscription = subscriptions.get(parts[1])
      if (!subscription) {
        paddleError(
          response,
          404,
          'request_error',
          'not_found',
          `Subscription ${parts[1]} not found.`,
        )
        return
      }
      if (request.method === 'GET' && parts.length === 2) {
        const includeNext = (url.searchParams.get('include') ?? '').includes('next_transaction')
        send(response, 200, { data: subscriptionAnswer(subscription, includeNext), meta })
        return
      }
      if (request.method === 'PATCH' && parts.length === 2) {
        if ('scheduled_change' in body) {
          if (body.scheduled_change !== null) {
            paddleError(
              response,
              400,
              'request_error',
              'invalid_field',
              'Only null is supported here.',
            )
            return
          }
          subscription.scheduled_change = null
          subscription.next_billed_at = (
            subscription.current_billing_period as { ends_at: string }
          ).ends_at
        }
        if ('discount' in body) {
          const discount = body.discount as { id: string; effective_from: string } | null
          if (discount && !discounts.has(discount.id)) {
            paddleError(
              response,
              400,
              'request_error',
              'invalid_field',
              `Discount ${discount.id} not found.`,
            )
            return
          }
          subscription.discount = discount
            ? { id: discount.id, starts_at: subscription.next_billed_at, ends_at: null }
            : null
        }
        send(response, 200, { data: await changed(subscription, 'subscription.updated'), meta })
        return
      }
      if (request.method === 'POST' && parts[2] === 'cancel') {
        if (subscription.status === 'canceled') {
          paddleError(
            response,
            400,
            'request_error',
            'subscription_locked_cancelled',
            'Subscription is canceled.',
          )
          return
        }
        if (body.effective_from === 'immediately') {
          const now = iso(Date.now())
          Object.assign(subscription, {
            status: 'canceled',
            canceled_at: now,
            scheduled_change: null,
            next_billed_at: null,
            current_billing_period: null,
          })
          send(response, 200, { data: await changed(subscription, 'subscription.canceled'), meta })
          return
        }
        const period = subscription.current_billing_period as { ends_at: string }
        subscription.scheduled_change = {
          action: 'cancel',
          effective_at: period.ends_at,
          resume_at: null,
        }
        subscription.next_billed_at = null
        send(response, 200, { data: await changed(subscription, 'subscription.updated'), meta })
        return
      }
      if (request.method === 'POST' && parts[2] === 'resume') {
        if (subscription.status !== 'paused') {
          paddleError(
            response,
            400,
            'request_error',
            'subscription_is_not_paused',
            'Subscription is not paused.',
          )
          return
        }
        Object.assign(subscription, { status: 'active', paused_at: null })
        send(response, 200, { data: await changed(subscription, 'subscription.resumed'), meta })
        return
      }
    }

    if (parts[0] === 'transactions') {
      if (request.method === 'GET' && parts.length === 1) {
        const bySubscription = url.searchParams.get('subscription_id')?.split(',')
        const byId = url.searchParams.get('id')?.split(',')
        const byStatus = url.searchParams.get('status')?.split(',')
        const perPage = Number(url.searchParams.get('per_page') ?? 30)
        const found = [...transactions.values()]
          .filter(
            (transaction) =>
              !bySubscription || bySubscription.includes(String(transaction.subscription_id)),
          )
          .filter((transaction) => !byId || byId.includes(String(transaction.id)))
          .filter((transaction) => !byStatus || byStatus.includes(String(transaction.status)))
          .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))
        const page = found.slice(0, perPage)
        send(response, 200, {
          data: page,
          meta: {
            ...meta,
            pagination: {
              per_page: perPage,
              next: `${baseUrl}/transactions?after=${(page.at(-1)?.id as string | undefined) ?? ''}`,
              has_more: found.length > page.length,
              estimated_total: found.length,
            },
          },
        })
        return
      }
      if (request.method === 'GET' && parts[2] === 'invoice') {
        const transaction = transactions.get(parts[1] ?? '')
        if (!transaction) {
          paddleError(
            response,
            404,
            'request_error',
            'not_found',
            `Transaction ${parts[1]} not found.`,
          )
          return
        }
        send(response, 200, {
          data: { url: `${baseUrl}/invoices/${String(transaction.invoice_id)}.pdf?expires=3600` },
          meta,
        })
        return
      }
    }

    if (parts[0] === 'discounts' && parts.length === 1 && request.method === 'POST') {
      if (typeof body.amount !== 'string' || typeof body.description !== 'string' || !body.type) {
        paddleError(
          response,
          400,
          'request_error',
          'invalid_field',
          'amount, description and type are required.',
        )
        return
      }
      const now = iso(Date.now())
      const discount = {
        id: paddleId('dsc'),
        status: 'active',
        description: body.description,
        enabled_for_checkout: body.enabled_for_checkout ?? false,
        code: body.code ?? null,
        mode: 'standard',
        type: body.type,
        amount: body.amount,
        currency_code: body.currency_code ?? null,
        recur: body.recur ?? false,
        maximum_recurring_intervals: body.maximum_recurring_intervals ?? null,
        usage_limit: body.usage_limit ?? null,
        restrict_to: body.restrict_to ?? null,
        expires_at: body.expires_at ?? null,
        custom_data: body.custom_data ?? null,
        times_used: 0,
        created_at: now,
        updated_at: now,
        import_meta: null,
      }
      discounts.set(discount.id, discount)
      send(response, 201, { data: discount, meta })
      return
    }

    paddleError(
      response,
      404,
      'request_error',
      'not_found',
      `No route ${request.method} ${url.pathname}.`,
    )
  }

  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  standIn.url = baseUrl
  return standIn
}
