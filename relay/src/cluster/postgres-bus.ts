// The cluster bus on PostgreSQL's LISTEN/NOTIFY (docs/adr/085): one dedicated connection per
// instance listens on one channel; writes announce in their own transaction (NOTIFY is delivered
// at commit, never for a write that rolled back). A lost connection is retried with a growing
// pause (250 ms to 5 s); once back, listeners hear `reconnected` and catch up from the stored
// state, since PostgreSQL keeps no notifications for a listener that was away. A ping every few
// seconds notices a connection that died silently (a database restart behind a proxy).
import { Client } from 'pg'
import {
  CLUSTER_CHANNEL,
  decodeClusterEvent,
  type ClusterBus,
  type ClusterEvent,
} from './cluster-bus'

/** Timeouts of the bus's own connection. */
export interface PostgresBusTimings {
  connectTimeoutMs: number
  queryTimeoutMs: number
  pingIntervalMs: number
  retryMinMs: number
  retryMaxMs: number
}

export const DEFAULT_BUS_TIMINGS: PostgresBusTimings = {
  connectTimeoutMs: 5_000,
  queryTimeoutMs: 5_000,
  pingIntervalMs: 5_000,
  retryMinMs: 250,
  retryMaxMs: 5_000,
}

/** Starts the bus; resolves once it listens (rejects if the first connection fails). */
export async function startPostgresBus(
  connectionString: string,
  timings: PostgresBusTimings = DEFAULT_BUS_TIMINGS,
): Promise<ClusterBus> {
  const listeners = new Set<(event: ClusterEvent) => void>()
  const reconnectListeners = new Set<() => void>()
  let client: Client | undefined
  let connected = false
  let closed = false
  let retryMs = timings.retryMinMs
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let pinger: ReturnType<typeof setInterval> | undefined

  const hear = (payload: string | undefined) => {
    const event = payload === undefined ? undefined : decodeClusterEvent(payload)
    if (!event) {
      return
    }
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error('Inkmark relay: a cluster listener failed', error)
      }
    }
  }

  const lost = (failed: Client) => {
    if (client !== failed) {
      return
    }
    client = undefined
    connected = false
    clearInterval(pinger)
    failed.removeAllListeners('notification')
    failed.end().catch(() => undefined)
    if (!closed) {
      retryTimer = setTimeout(() => void connect(true).catch(() => undefined), retryMs)
      retryMs = Math.min(timings.retryMaxMs, retryMs * 2)
    }
  }

  const connect = async (again: boolean): Promise<void> => {
    const made = new Client({
      connectionString,
      connectionTimeoutMillis: timings.connectTimeoutMs,
      query_timeout: timings.queryTimeoutMs,
      keepAlive: true,
      application_name: 'inkmark-relay-bus',
    })
    made.on('error', () => lost(made))
    made.on('end', () => lost(made))
    made.on('notification', (message) => {
      if (message.channel === CLUSTER_CHANNEL) {
        hear(message.payload)
      }
    })
    client = made
    try {
      await made.connect()
      await made.query(`LISTEN ${CLUSTER_CHANNEL}`)
    } catch (error) {
      lost(made)
      throw error
    }
    if (closed) {
      await made.end().catch(() => undefined)
      return
    }
    connected = true
    retryMs = timings.retryMinMs
    pinger = setInterval(() => {
      made.query('SELECT 1').catch(() => lost(made))
    }, timings.pingIntervalMs)
    pinger.unref()
    if (again) {
      for (const listener of reconnectListeners) {
        listener()
      }
    }
  }

  try {
    await connect(false)
  } catch (error) {
    closed = true
    clearTimeout(retryTimer)
    throw error
  }

  return {
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onReconnected(listener) {
      reconnectListeners.add(listener)
      return () => reconnectListeners.delete(listener)
    },
    get connected() {
      return connected
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      clearInterval(pinger)
      const open = client
      client = undefined
      connected = false
      await open?.end().catch(() => undefined)
    },
  }
}
