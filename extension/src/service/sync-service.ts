// The extension's sync: once signed in, the background runs the shared sync engine against the
// relay: on start, 2 s after local changes, every minute (an alarm, since the worker sleeps), and
// on demand, plus the live room and the learning report (PUT /learning-info) while it runs. The session (token, relay address) is kept in the
// extension origin's IndexedDB (session-store.ts), out of content scripts' reach, so a worker that
// was stopped picks it up again; highlighting never waits for any of this and works offline.
// Every relay call, sign-in included, goes through the shared RelayClient (relay-calls.ts); the
// plan is read again after a sign-in and when the popup opens once the config's TTL has run out
// (plan-refresh.ts); a relay that refuses sync for the plan (402 PREMIUM_REQUIRED) shows as the
// PREMIUM_REQUIRED state with every pending change kept, until a plan refresh lets sync resume.
import {
  LearningInfoReporter,
  LiveChannel,
  Message,
  aiChatEnabled,
  checkRelayAddress,
  syncPauseMessage,
  RelayCallError,
  RelayErrorKind,
  SyncEngine,
  SyncScheduler,
  SyncValueKey,
  decodeTokenPayload,
  hasUnlimitedFeatures,
  resolvePlan,
  ProductEventQueue,
  type InkmarkEventName,
  type KeyValueStore,
  type LocalStore,
  type Plan,
  type PlanUser,
  type RelayClient,
  type ServerConfig,
  type SyncPause,
  type SyncState,
} from '@inkmark/shared'
import { isPlanCheckDue, refreshPlanToken } from './plan-refresh'
import { USAGE_COUNTS_KEY, usageCountsEnabledFrom } from './usage-counts'
import { extensionRelayClient, fetchWithRelayHeaders, relayServers } from './relay-calls'
import { DEFAULT_SITE_URL, loadExtensionServerConfig } from './server-config-cache'
import { SessionStore, type LegacySessionStorage, type Session } from './session-store'

export type { Session } from './session-store'
export const SYNC_ALARM = 'inkmark-sync'
/** The message that carries a new sync status to Inkmark's pages (pages/session-client.ts). */
export const SYNC_STATUS_CHANNEL = 'inkmark:sync-status'
/** The relay `npm start` runs. */
export const DEFAULT_RELAY_URL = 'http://127.0.0.1:8787'

export interface SyncStatus {
  signedIn: boolean
  email?: string
  relayUrl?: string
  state: SyncState | 'SIGNED_OUT'
  /** The signed-in account's plan, from its login token (absent when signed out). */
  plan?: Plan
  lastSyncDate?: number
  message?: string
  /** The session ended (401, expired token): the popup offers to sign in again. */
  tokenExpired?: boolean
}

/** What the AI panels may do: the plan (daily limits) and whether chat is enabled. */
export interface AiAccess {
  plan: Plan
  chatEnabled: boolean
}

/** Where the service keeps its session; the defaults are the extension's own. */
export interface SyncServiceOptions {
  sessions?: SessionStore
  /** chrome.storage.local, where a session from before the move may still be. */
  legacyStorage?: LegacySessionStorage
  /** Hears every change of the status (the popup shows it live). */
  onStatusChange?: (status: SyncStatus) => void
  /** Where GET /config is cached (the session store's database by default). */
  configCache?: KeyValueStore
  /** The website, last in GET /config's fallback chain. */
  siteUrl?: string
  /** The relay's fetch (tests); the global one by default. */
  fetch?: typeof fetch
  /** The clock (tests); Date.now by default. */
  now?: () => number
}

/** The background's sync, one per worker life. */
export class SyncService {
  private session: Session | undefined
  private engine: SyncEngine | undefined
  private scheduler: SyncScheduler | undefined
  private live: LiveChannel | undefined
  /**
   * The backup backend the last GET /config named, with the relay it was asked for (tried when
   * that relay is unreachable; never for another relay, never for sign-in or registration).
   */
  private backup: { relayUrl: string; url: string | null } | undefined
  /** The relay closed the live room because the plan does not include sync (4402). */
  private liveRefusedForPlan = false
  private tokenExpired = false
  private planRefresh: Promise<void> | undefined
  /** The device's "Send anonymous usage counts" switch, once read. */
  private usageCounts: boolean | undefined
  private readonly productEvents: ProductEventQueue
  /** Tells the relay about today's learning, for the reminder email (ADR 043). */
  private learningReports: LearningInfoReporter | undefined
  private message: string | undefined
  /** The live room's pause after the relay closed it for a limit. */
  private livePause: SyncPause | undefined
  private started: Promise<void> | undefined

  private readonly sessions: SessionStore
  private readonly legacyStorage: LegacySessionStorage | undefined
  private readonly onStatusChange: ((status: SyncStatus) => void) | undefined
  private readonly configCache: KeyValueStore
  private readonly siteUrl: string
  private readonly fetchImpl: typeof fetch | undefined
  private readonly now: () => number
  private unwatchEngine: (() => void) | undefined

  constructor(
    private readonly library: () => Promise<LocalStore>,
    options: SyncServiceOptions = {},
  ) {
    this.sessions = options.sessions ?? new SessionStore()
    this.legacyStorage = options.legacyStorage
    this.onStatusChange = options.onStatusChange
    this.configCache = options.configCache ?? this.sessions.values()
    this.siteUrl = options.siteUrl ?? DEFAULT_SITE_URL
    this.fetchImpl = options.fetch
    this.now = options.now ?? (() => Date.now())
    this.productEvents = new ProductEventQueue({
      // Signed out: no relay, nothing sent. No token: the counts are anonymous.
      relayUrl: () => this.session?.relayUrl ?? '',
      isEnabled: () => this.usageCounts === true,
      fetch: (input, init) =>
        fetchWithRelayHeaders(
          this.relayClient(this.session?.relayUrl ?? '', () => undefined),
          this.fetchImpl,
        )(input, init),
    })
  }

  /** Whether this device sends anonymous usage counts (on unless turned off). */
  async usageCountsEnabled(): Promise<boolean> {
    this.usageCounts ??= usageCountsEnabledFrom(
      await this.configCache.get(USAGE_COUNTS_KEY).catch(() => 'off'),
    )
    return this.usageCounts
  }

  /** Turns this device's usage counts on or off; off drops what is queued. */
  async setUsageCounts(enabled: boolean): Promise<boolean> {
    await this.configCache.set(USAGE_COUNTS_KEY, enabled ? 'on' : 'off')
    this.usageCounts = enabled
    return enabled
  }

  /** Counts `name` for the next anonymous batch, if the switch is on. */
  recordProductEvent(name: InkmarkEventName): void {
    void this.usageCountsEnabled().then(() => this.productEvents.record(name))
  }

  /**
   * A relay client for `relayUrl` with its backup (credential calls go to `relayUrl` only, see
   * RelayClient): every call carries the wh- headers.
   */
  private relayClient(relayUrl: string, getToken: () => string | undefined): RelayClient {
    return extensionRelayClient({
      servers: () =>
        relayServers(relayUrl, this.backup?.relayUrl === relayUrl ? this.backup.url : null),
      getToken,
      ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}),
    })
  }

  /**
   * The relay's GET /config (relay, backup backend, website), cached for its TTL; undefined when
   * none answers. Its backup backend is used by the calls to `relayUrl` that follow.
   */
  async serverConfig(relayUrl: string): Promise<ServerConfig | undefined> {
    const config = await loadExtensionServerConfig({
      relayUrl,
      siteUrl: this.siteUrl,
      cache: this.configCache,
      now: this.now,
      // GET /config carries the wh- headers too (no token: it needs none).
      fetch: fetchWithRelayHeaders(
        this.relayClient(relayUrl, () => undefined),
        this.fetchImpl,
      ),
    }).catch(() => undefined)
    this.backup = { relayUrl, url: config?.backendUrlFallbackOverride ?? null }
    return config
  }

  /** Tells the listener the status as it is now. */
  private announce(): void {
    this.onStatusChange?.(this.status())
  }

  /** Loads the stored session and starts syncing if signed in (once per worker). */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (this.legacyStorage) {
        await this.sessions.moveFrom(this.legacyStorage)
      }
      const stored = await this.sessions.get()
      if (!stored) {
        return
      }
      const address = checkRelayAddress(stored.relayUrl)
      if (!address.ok) {
        // Kept before plain http was refused: the token must not travel that way again.
        await this.sessions.delete()
        this.message = `${address.message} Please sign in again.`
        return
      }
      await this.run({ ...stored, relayUrl: address.url })
    })()
    this.started.catch(() => {
      // A failed start (IndexedDB unavailable) is tried again on the next call.
      this.started = undefined
    })
    return this.started
  }

  /** Signs in at the relay; answers the new status, or throws the relay's message. */
  signIn(relayUrl: string, email: string, password: string): Promise<SyncStatus> {
    return this.authenticate('/auth', relayUrl, email, password)
  }

  /** Opens an account at the relay (as the web app's sign-up does) and signs in with it. */
  signUp(relayUrl: string, email: string, password: string): Promise<SyncStatus> {
    return this.authenticate('/users/register', relayUrl, email, password)
  }

  private async authenticate(
    path: '/auth' | '/users/register',
    relayUrl: string,
    email: string,
    password: string,
  ): Promise<SyncStatus> {
    const address = checkRelayAddress(relayUrl)
    if (!address.ok) {
      // Before the password leaves: over plain http anyone on the way could read it.
      throw new Error(address.message)
    }
    const base = address.url
    await this.serverConfig(base)
    const client = this.relayClient(base, () => undefined)
    let body: { token?: unknown }
    try {
      // The password goes to the relay the user named, never to a backup.
      body = await client.request<{ token?: unknown }>(
        'POST',
        path,
        { email: email.trim(), password },
        { mainServerOnly: true },
      )
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : Message.GENERIC_ERROR)
    }
    if (typeof body?.token !== 'string') {
      throw new Error(Message.GENERIC_ERROR)
    }
    const session: Session = { token: body.token, relayUrl: base, email: email.trim() }
    await this.sessions.put(session)
    await this.start()
    this.tokenExpired = false
    await this.run(session)
    // The token is new, but the plan is read again as after a purchase (spec: after sign-in).
    await this.refreshPlan()
    return this.status()
  }

  /**
   * Reads the plan again at the relay when the last check is older than the config's TTL (the
   * popup asks each time it opens); answers the status after.
   */
  async refreshPlanIfDue(): Promise<SyncStatus> {
    await this.start()
    const session = this.session
    if (session) {
      const config = await this.serverConfig(session.relayUrl)
      if (isPlanCheckDue(session.planCheckedAt, config?.cacheTtlInMillis, this.now())) {
        await this.refreshPlan()
      }
    }
    return this.status()
  }

  /**
   * GET /users/userinfo/:id?invalidateCache=true, then POST /auth/refresh-token; keeps the new
   * token (with the plan the account has now) and syncs again if the plan may now allow it. A
   * relay that cannot be reached changes nothing; a 401 ends the session as a sync's does.
   */
  refreshPlan(): Promise<void> {
    this.planRefresh ??= (async () => {
      const session = this.session
      if (!session) {
        return
      }
      const client = this.relayClient(session.relayUrl, () => this.session?.token)
      let token: string
      try {
        token = await refreshPlanToken(client, session.token)
      } catch (error) {
        if (
          error instanceof RelayCallError &&
          error.kind === RelayErrorKind.UNAUTHORIZED &&
          this.session === session
        ) {
          await this.expireSession()
        }
        return
      }
      if (this.session !== session) {
        return
      }
      const next: Session = { ...session, token, planCheckedAt: this.now() }
      this.session = next
      await this.sessions.put(next)
      if (this.liveRefusedForPlan) {
        // The room stays closed after a plan refusal: everything starts again with the new token.
        await this.run(next)
        return
      }
      this.announce()
      // A relay that refused the old plan (402) is asked again; nothing pending was dropped.
      void this.scheduler?.notifyPlanChanged().catch(() => undefined)
    })().finally(() => {
      this.planRefresh = undefined
    })
    return this.planRefresh
  }

  /** The session ended at the relay: the token is forgotten and the popup asks to sign in. */
  private async expireSession(): Promise<void> {
    await this.endSession(Message.TOKEN_EXPIRED, true)
  }

  signOut(message?: string): Promise<SyncStatus> {
    return this.endSession(message, false)
  }

  /** Forgets the session (and its stored token); `tokenExpired` when the relay ended it. */
  private async endSession(message: string | undefined, tokenExpired: boolean) {
    this.stop()
    this.session = undefined
    this.message = message
    this.tokenExpired = tokenExpired
    await this.sessions.delete()
    this.announce()
    return this.status()
  }

  /** Syncs now (the popup's button, the alarm); answers the status after. */
  async syncNow(): Promise<SyncStatus> {
    await this.start()
    await this.scheduler?.syncNow()
    return this.status()
  }

  status(): SyncStatus {
    if (!this.session || !this.engine) {
      return {
        signedIn: false,
        state: 'SIGNED_OUT',
        ...(this.message ? { message: this.message } : {}),
        ...(this.tokenExpired ? { tokenExpired: true } : {}),
      }
    }
    const plan = resolvePlan(this.user(), this.now())
    // A pause (too many requests, a full account, a failed run) says so, with the next attempt.
    const pause = this.engine.getPause() ?? this.livePause
    const message = pause ? syncPauseMessage(pause, Date.now()) : this.message
    return {
      signedIn: true,
      email: this.session.email,
      relayUrl: this.session.relayUrl,
      state: this.engine.getState(),
      plan,
      ...(message ? { message } : {}),
    }
  }

  /** The signed-in account as its token says (plan facts included). */
  private user(): PlanUser | null {
    return this.session ? (decodeTokenPayload(this.session.token) as PlanUser | null) : null
  }

  private async run(session: Session): Promise<void> {
    this.stop()
    this.session = session
    this.message = undefined
    this.liveRefusedForPlan = false
    const store = await this.library()
    const client = this.relayClient(session.relayUrl, () => this.session?.token)
    this.engine = new SyncEngine({
      store,
      client,
      session: {
        getUser: () => this.user(),
        // A 401 during sync: the stored token is cleared and the popup asks to sign in again.
        onAuthExpired: () => void this.expireSession(),
      },
      onNotice: (notice) => {
        this.message = 'message' in notice ? notice.message : undefined
        this.announce()
      },
    })
    const engine = this.engine
    const unwatchState = engine.onStateChange(() => this.announce())
    const unwatchPause = engine.onPauseChange(() => this.announce())
    this.unwatchEngine = () => {
      unwatchState()
      unwatchPause()
    }
    this.scheduler = new SyncScheduler(this.engine, store)
    this.live = new LiveChannel({
      relayUrl: session.relayUrl,
      getToken: () => this.session?.token,
      // The room ticket's call carries the wh- headers too.
      fetch: fetchWithRelayHeaders(client, this.fetchImpl),
      // The relay ended the session (signed out everywhere, password changed elsewhere).
      onAuthExpired: () => void this.expireSession(),
      onSynced: () => {
        this.livePause = undefined
        void this.scheduler?.syncNow().catch(() => undefined)
      },
      onPaused: (pause) => {
        this.livePause = pause
        this.announce()
      },
      // The plan does not include sync: the REST side hears the same 402 and shows the state.
      onPremiumRequired: () => {
        this.liveRefusedForPlan = true
        void this.scheduler?.syncNow().catch(() => undefined)
      },
    })
    this.live.connect(store)
    this.learningReports = new LearningInfoReporter({
      readMarks: () => store.getAllMarks(),
      observe: (listener) => store.observe(listener),
      send: async (report) => {
        await client.request('PUT', '/learning-info', report)
      },
    })
    this.learningReports.start()
    void this.scheduler.start().catch(() => undefined)
    this.announce()
  }

  private stop(): void {
    this.unwatchEngine?.()
    this.unwatchEngine = undefined
    this.scheduler?.stop()
    this.live?.disconnect()
    this.learningReports?.stop()
    this.learningReports = undefined
    this.scheduler = undefined
    this.live = undefined
    this.engine = undefined
  }

  /** Whether the signed-in plan has the unlimited features (image highlighting ...). */
  async hasUnlimitedFeatures(): Promise<boolean> {
    return hasUnlimitedFeatures(await this.plan())
  }

  /** The plan of the signed-in account (OFFLINE when signed out), from its token. */
  async plan(): Promise<Plan> {
    await this.start()
    return resolvePlan(this.user(), this.now())
  }

  /**
   * What the AI panels need from the account: the plan (daily limits) and the isAiChatEnabled
   * flag of the relay's GET /config. Signed out, or with the relay not answering, no config was
   * fetched (aiChatEnabled's local-first default); an answer is kept for its cacheTtlInMillis.
   */
  async aiAccess(): Promise<AiAccess> {
    const plan = await this.plan()
    const relayUrl = this.session?.relayUrl
    if (relayUrl === undefined) {
      return { plan, chatEnabled: aiChatEnabled(undefined) }
    }
    const config = await this.serverConfig(relayUrl)
    return { plan, chatEnabled: aiChatEnabled(config) }
  }

  /** The signed-in account's relay and plan, for sharing (undefined when signed out). */
  async sharingAccount(): Promise<{ relayUrl: string; plan: Plan } | undefined> {
    await this.start()
    return this.session
      ? { relayUrl: this.session.relayUrl, plan: resolvePlan(this.user(), this.now()) }
      : undefined
  }

  /**
   * Whether the relay's public read (GET /explore/bookmarks/:shareId) finds a shared page: true on
   * 200, false on 404, undefined when the relay did not answer (ADR 062).
   */
  async publicPageFound(shareId: string): Promise<boolean | undefined> {
    const session = this.session
    if (!session) {
      return undefined
    }
    const client = this.relayClient(session.relayUrl, () => undefined)
    try {
      await client.request('GET', `/explore/bookmarks/${encodeURIComponent(shareId)}`)
      return true
    } catch (error) {
      return error instanceof RelayCallError && error.status === 404 ? false : undefined
    }
  }

  /** The last time a sync ran to the end, for the popup. */
  async lastSyncDate(): Promise<number | undefined> {
    const store = await this.library()
    return store.device.getValue<number>(SyncValueKey.LAST_SYNC_DATE)
  }
}
