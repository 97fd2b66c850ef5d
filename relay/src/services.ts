// The relay's services, built once per app and reached by handlers as `app.services`.
import { SessionSockets } from './accounts/session-sockets'
import { BillingService } from './billing/billing-service'
import type { SigningKeyRing } from './cluster/signing-keys'
import type { TokenClaims } from './accounts/tokens'
import { relayPublicUrl, type RelayConfig } from './config'
import { guardConcurrentEdits } from './docs/concurrent-edit-guard'
import { guardDeletions, pruneDeletions } from './docs/deletion-guard'
import { LibraryService } from './docs/library-service'
import { guardSharing } from './docs/sharing-guard'
import { DEFAULT_REMINDER_INTERVAL_MS, ReminderScheduler } from './learning/reminder-scheduler'
import { LIBRARY_DOC } from './docs/origins'
import { UserDocs } from './docs/user-docs'
import type { MailTransport } from './mail/mail-transport'
import { PlanSockets } from './rooms/plan-sockets'
import { RoomRegistry } from './rooms/rooms'
import { PublicPageProjector } from './sharing/projector'
import type { RelayStorage } from './storage/relay-storage'

export interface RelayServices {
  config: RelayConfig
  storage: RelayStorage
  /** The keys that sign and verify tokens and unsubscribe links (shared by instances, ADR 085). */
  keys: SigningKeyRing
  docs: UserDocs
  library: LibraryService
  mail: MailTransport
  rooms: RoomRegistry
  /** Room sockets closed when their account's plan stops allowing sync (call recheck on a change). */
  planSockets: PlanSockets
  /** The room sockets of each session, closed when it ends. */
  sessions: SessionSockets
  now: () => number
  /** The daily learning reminder emails (started with the relay). */
  reminders: ReminderScheduler
  /** Payments, subscriptions and provider events (billing/billing-service.ts, ADR 051). */
  billing: BillingService
  /** Keeps the public pages' projection up to date with every write (sharing/projector.ts). */
  publicPages: PublicPageProjector
  /** Stops the relay's background upkeep (pruning deleted versions, reminders). */
  stopUpkeep: () => void
}

/** How often deleted versions kept too long are pruned. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000

/** Options of createServices. */
export interface ServicesOptions {
  /**
   * Whether this process does the relay's background upkeep (pruning deleted versions, learning
   * reminders); the misc server, on the same database, leaves it to the relay (ADR 065).
   */
  upkeep?: boolean
}

/** Wires the services around one storage. */
export function createServices(
  config: RelayConfig,
  storage: RelayStorage,
  keys: SigningKeyRing,
  mail: MailTransport,
  now: () => number,
  options: ServicesOptions = {},
): RelayServices {
  const upkeep = options.upkeep ?? true
  const publicPages = new PublicPageProjector(storage)
  const docs = new UserDocs(storage, {
    budgetBytes: config.docCacheBytes,
    idleMillis: config.docIdleMillis,
    now,
    onLoaded: (live) => {
      if (live.name !== LIBRARY_DOC) {
        return undefined
      }
      publicPages.watch(live)
      // First: a stale copy is replaced by the newer one before sharing fields are merged into it.
      guardConcurrentEdits(live)
      guardSharing(live)
      return guardDeletions(storage, live, now())
    },
  })
  const prune = () => {
    pruneDeletions(storage, now(), config.deletionMemoryMillis).catch((error: unknown) =>
      console.error('Inkmark relay: pruning deleted versions failed', error),
    )
  }
  if (upkeep) {
    prune()
  }
  // Rate rows unused for a day go hourly (none are due at start).
  const sweepRates = () => {
    storage.cluster?.sweepRateRows(now()).catch((error: unknown) => {
      console.error('Inkmark relay: sweeping rate limit rows failed', error)
    })
  }
  const pruner = upkeep
    ? setInterval(() => {
        prune()
        sweepRates()
      }, PRUNE_INTERVAL_MS)
    : undefined
  pruner?.unref()
  const reminders = new ReminderScheduler({
    storage,
    mail,
    now,
    appUrl: config.appUrl,
    relayUrl: relayPublicUrl(config),
    secret: () => keys.current.secret,
    intervalMillis: config.reminderIntervalMillis ?? DEFAULT_REMINDER_INTERVAL_MS,
    onError: (message, error) => console.error(`Inkmark relay: ${message}`, error),
  })
  if (upkeep) {
    reminders.start()
  }
  const planSockets = new PlanSockets(storage, config, now)
  const rooms = new RoomRegistry(docs)
  const sessions = new SessionSockets(storage, now)
  const bus = storage.cluster?.bus
  // What other instances announce (ADR 085): new updates of open rooms' docs, docs deleted,
  // accounts deleted or signed out everywhere, new signing keys; after the bus was away, every
  // open room catches up.
  const stopListening = bus?.listen((event) => {
    if (event.type === 'doc') {
      rooms.heardUpdate(event.userId, event.docName, event.updateId)
    } else if (event.type === 'doc-deleted') {
      // Its rooms close with the cached doc (the doc's destroy event), as on the instance that
      // deleted it.
      docs.evict(event.userId, event.docName)
    } else if (event.type === 'user' && event.change === 'deleted') {
      rooms.closeUser(event.userId)
      sessions.closeUser(event.userId)
      docs.evictUser(event.userId)
    } else if (event.type === 'user') {
      void sessions.recheck(event.userId).catch(() => undefined)
    } else {
      void keys.reload().catch(() => undefined)
    }
  })
  const stopRefreshingKeys = keys.refreshPeriodically()
  const stopHearingReconnects = bus?.onReconnected(() => {
    rooms.catchUpAll()
    void sessions.recheckAll().catch(() => undefined)
    void keys.reload().catch(() => undefined)
  })
  return {
    config,
    storage,
    keys,
    docs,
    library: new LibraryService(docs, storage, now),
    mail,
    rooms,
    planSockets,
    sessions,
    now,
    reminders,
    billing: new BillingService({
      storage,
      settings: config.billing,
      now,
      onPlanChanged: (userId) => {
        planSockets.recheck(userId).catch((error: unknown) => {
          console.error('Inkmark relay: re-reading a changed plan failed', error)
        })
      },
    }),
    publicPages,
    stopUpkeep: () => {
      clearInterval(pruner)
      reminders.stop()
      stopListening?.()
      stopHearingReconnects?.()
      stopRefreshingKeys()
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    services: RelayServices
  }
  interface FastifyRequest {
    /** The user of a verified token (set by the authenticate hook). */
    user?: TokenClaims
  }
}
