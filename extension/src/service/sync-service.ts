// The extension's sync: once signed in, the background runs the shared sync engine against the
// relay: on start, 2 s after local changes, every minute (an alarm, since the worker sleeps), and
// on demand, plus the live room and the learning report (PUT /learning-info) while it runs. The session (token, relay address) is kept in the
// extension origin's IndexedDB (session-store.ts), out of content scripts' reach, so a worker that
// was stopped picks it up again; highlighting never waits for any of this and works offline.
import {
  LearningInfoReporter,
  LiveChannel,
  Message,
  aiChatEnabled,
  checkRelayAddress,
  syncPauseMessage,
  RelayClient,
  SyncEngine,
  SyncScheduler,
  SyncValueKey,
  decodeTokenPayload,
  hasUnlimitedFeatures,
  resolvePlan,
  type AiChatFlagSource,
  type LocalStore,
  type Plan,
  type PlanUser,
  type SyncPause,
  type SyncState,
} from '@inkmark/shared'
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
  lastSyncDate?: number
  message?: string
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
}

/** The background's sync, one per worker life. */
export class SyncService {
  private session: Session | undefined
  private engine: SyncEngine | undefined
  private scheduler: SyncScheduler | undefined
  private live: LiveChannel | undefined
  /** The relay's last GET /config answer, for the AI chat flag. */
  private relayConfig: { relayUrl: string; config: AiChatFlagSource; until: number } | undefined
  /** Tells the relay about today's learning, for the reminder email (ADR 043). */
  private learningReports: LearningInfoReporter | undefined
  private message: string | undefined
  /** The live room's pause after the relay closed it for a limit. */
  private livePause: SyncPause | undefined
  private started: Promise<void> | undefined

  private readonly sessions: SessionStore
  private readonly legacyStorage: LegacySessionStorage | undefined
  private readonly onStatusChange: ((status: SyncStatus) => void) | undefined
  private unwatchEngine: (() => void) | undefined

  constructor(
    private readonly library: () => Promise<LocalStore>,
    options: SyncServiceOptions = {},
  ) {
    this.sessions = options.sessions ?? new SessionStore()
    this.legacyStorage = options.legacyStorage
    this.onStatusChange = options.onStatusChange
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
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: email.trim(), password }),
      })
    } catch {
      throw new Error(Message.SERVER_NOT_REACHABLE)
    }
    const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string }
    if (!response.ok || typeof body.token !== 'string') {
      throw new Error(body.message ?? Message.GENERIC_ERROR)
    }
    const session: Session = { token: body.token, relayUrl: base, email: email.trim() }
    await this.sessions.put(session)
    await this.start()
    await this.run(session)
    return this.status()
  }

  async signOut(message?: string): Promise<SyncStatus> {
    this.stop()
    this.session = undefined
    this.message = message
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
      }
    }
    // A pause (too many requests, a full account, a failed run) says so, with the next attempt.
    const pause = this.engine.getPause() ?? this.livePause
    const message = pause ? syncPauseMessage(pause, Date.now()) : this.message
    return {
      signedIn: true,
      email: this.session.email,
      relayUrl: this.session.relayUrl,
      state: this.engine.getState(),
      ...(message ? { message } : {}),
    }
  }

  private async run(session: Session): Promise<void> {
    this.stop()
    this.session = session
    this.message = undefined
    const store = await this.library()
    const client = new RelayClient({
      servers: () => [session.relayUrl],
      getToken: () => this.session?.token,
      browserType: navigator.userAgent.includes('Firefox') ? 'firefox' : 'chrome',
      appType: 'extension',
    })
    this.engine = new SyncEngine({
      store,
      client,
      session: {
        getUser: () =>
          this.session ? (decodeTokenPayload(this.session.token) as PlanUser | null) : null,
        onAuthExpired: (message) => void this.signOut(message),
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
      // The relay ended the session (signed out everywhere, password changed elsewhere).
      onAuthExpired: (message) => void this.signOut(message),
      onSynced: () => {
        this.livePause = undefined
        void this.scheduler?.syncNow().catch(() => undefined)
      },
      onPaused: (pause) => {
        this.livePause = pause
        this.announce()
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
    const user = this.session ? (decodeTokenPayload(this.session.token) as PlanUser | null) : null
    return resolvePlan(user, Date.now())
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
    const now = Date.now()
    const cached = this.relayConfig
    if (cached?.relayUrl !== relayUrl || now >= cached.until) {
      try {
        const response = await fetch(`${relayUrl}/config`)
        if (response.ok) {
          const config = (await response.json()) as AiChatFlagSource & { cacheTtlInMillis?: number }
          const ttl = typeof config.cacheTtlInMillis === 'number' ? config.cacheTtlInMillis : 0
          this.relayConfig = { relayUrl, config, until: now + Math.max(ttl, 60_000) }
        }
      } catch {
        // Not reached now: the last answer (if any) stands.
      }
    }
    const config = this.relayConfig?.relayUrl === relayUrl ? this.relayConfig.config : undefined
    return { plan, chatEnabled: aiChatEnabled(config) }
  }

  /** The last time a sync ran to the end, for the popup. */
  async lastSyncDate(): Promise<number | undefined> {
    const store = await this.library()
    return store.device.getValue<number>(SyncValueKey.LAST_SYNC_DATE)
  }
}
