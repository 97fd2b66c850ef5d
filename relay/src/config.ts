// The relay's settings come from the environment only, read once at start-up and validated, so a
// typo in PORT fails loudly instead of listening somewhere unexpected. The JWT secret, when not
// given, is generated once and kept in the data directory so tokens survive restarts.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkRelayAddress } from '@inkmark/shared'
import { readBillingSettings, type BillingSettings } from './billing/billing-config'
import {
  readRelayLimits,
  readTrustProxy,
  type RelayLimits,
  type TrustProxy,
} from './limits/limits-config'
import { readMiscConfig, type MiscConfig } from './misc/misc-config'

export interface RelayConfig {
  /**
   * INKMARK_OPERATOR_TOKEN: the bearer token of the operator's moderation endpoints (reports,
   * hidden pages; docs/adr/058). Unset: those endpoints answer 404.
   */
  operatorToken?: string | undefined
  host: string
  port: number
  /** Where the SQLite file and the generated JWT secret live. */
  dataDir: string
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | undefined
  /**
   * The secret that signs tokens (INKMARK_JWT_SECRET, or with SQLite the one kept in the data
   * directory). Unset with PostgreSQL and no INKMARK_JWT_SECRET: the instances share keys kept in
   * the database (ADR 085).
   */
  jwtSecret: Uint8Array | undefined
  /** INKMARK_JWT_PREVIOUS_SECRETS: secrets that no longer sign but still verify (a rotation). */
  previousJwtSecrets?: Uint8Array[]
  /**
   * With keys in the database: the secret an older relay kept in the data directory, which becomes
   * the first stored key so that its tokens stay good.
   */
  legacyJwtSecret?: Uint8Array | undefined
  production: boolean
  /** SMTP server for confirmation and reset mail. */
  smtpUrl: string | undefined
  /**
   * INKMARK_DEV_OUTBOX=1: mail goes to the outbox table, listed by GET /dev/outbox, for local use
   * and tests. Allowed only on loopback outside production (anyone who can read the outbox can
   * follow any reset link). Without it and without SMTP, mail is off.
   */
  devOutbox: boolean
  /**
   * INKMARK_NO_MAIL=1: run without any mail on purpose (a relay for one person, a benchmark), in
   * production too. Confirmation and reset calls answer MAIL_UNAVAILABLE.
   */
  noMail: boolean
  /** Browser origins allowed by CORS besides the extensions'. */
  webOrigins: string[]
  /** Where links in emails point (the web app). */
  appUrl: string
  /** Cache lifetime clients give GET /config. */
  configCacheTtlMillis: number
  /**
   * The backup relay GET /config names (`backendUrlFallbackOverride`, from `INKMARK_BACKUP_URL`):
   * where clients send a call this relay does not answer. https, or http on loopback only.
   */
  backupUrl?: string
  /**
   * The isAiChatEnabled flag GET /config gives (`INKMARK_AI_CHAT_ENABLED`, on unless 0): chat runs
   * on each person's own AI provider, so the flag only lets an operator hide it (ADR 049).
   */
  aiChatEnabled: boolean
  /**
   * Days of the free trial (Ultimate features, sync included) a new account gets; 0 for none.
   * This relay takes no payments, so without the trial nobody could try sync.
   */
  trialDays: number
  /** Bytes of idle docs the relay keeps in memory (`INKMARK_DOC_CACHE_MB`). */
  docCacheBytes: number
  /** A doc no room or request has used for this long leaves memory (`INKMARK_DOC_IDLE_MS`). */
  docIdleMillis: number
  /**
   * How long the relay remembers the version of an entity it deleted, against old copies coming
   * back through live rooms (`INKMARK_DELETION_MEMORY_DAYS`; docs/adr/031-relay-memory.md).
   */
  deletionMemoryMillis: number
  /** Per-account limits and quotas (limits/limits-config.ts); unset ones take the defaults. */
  limits?: Partial<RelayLimits>
  /** Proxies trusted to give the client's address (INKMARK_TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy
  /**
   * The relay's address as mail clients reach it (`INKMARK_PUBLIC_URL`), for the one-click
   * unsubscribe header of reminder emails; `http://HOST:PORT` when unset.
   */
  publicUrl?: string
  /** How often the learning reminder runs (`INKMARK_REMINDER_INTERVAL_MS`; 0 turns it off). */
  reminderIntervalMillis?: number
  /**
   * The payment provider and its settings (billing/billing-config.ts; docs/adr/051). Always set by
   * readRelayConfig; a relay built without it (unit tests) counts each account's stored plan.
   */
  billing?: BillingSettings
  /**
   * The misc server's settings (misc/misc-config.ts; docs/adr/065): it runs as a process of its
   * own on the same accounts, and reads them with the relay's.
   */
  misc: MiscConfig
}

export const DEFAULT_RELAY_HOST = '127.0.0.1'
export const DEFAULT_RELAY_PORT = 8787
export const DEFAULT_APP_URL = 'http://127.0.0.1:5173'
export const DEFAULT_CONFIG_CACHE_TTL_MILLIS = 60 * 60 * 1000
/** The spec's trial-style plan length. */
export const DEFAULT_TRIAL_DAYS = 365
export const DEFAULT_DOC_CACHE_MB = 64
export const DEFAULT_DOC_IDLE_MS = 5 * 60 * 1000
export const DEFAULT_DELETION_MEMORY_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000
const JWT_SECRET_FILE = 'jwt-secret'
const MIN_SECRET_BYTES = 32

/** Host names and addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/**
 * Refuses mail set-ups that would hand accounts to strangers or lose mail silently: the dev outbox
 * (which shows every reset link to anyone who asks) beyond loopback or in production, and a
 * production relay with no way to send mail. Throws the message the operator reads.
 */
export function checkMailSetup(
  config: Pick<RelayConfig, 'host' | 'production' | 'smtpUrl' | 'devOutbox' | 'noMail'>,
): void {
  if (config.devOutbox && config.production) {
    throw new Error(
      'INKMARK_DEV_OUTBOX=1 is for local development: a production relay sends mail through SMTP_URL',
    )
  }
  if (config.devOutbox && !isLoopbackHost(config.host)) {
    throw new Error(
      `INKMARK_DEV_OUTBOX=1 lets anyone who reaches the relay read every reset link, so it is allowed only on a loopback HOST (127.0.0.1, ::1, localhost), not '${config.host}'`,
    )
  }
  if (config.production && !config.smtpUrl && !config.noMail) {
    throw new Error(
      'A production relay needs SMTP_URL to send confirmation and password reset mail (or INKMARK_NO_MAIL=1 to run without mail on purpose)',
    )
  }
}

/** Whether the relay can send no mail at all (no SMTP and no dev outbox). */
export function isMailOff(config: Pick<RelayConfig, 'smtpUrl' | 'devOutbox'>): boolean {
  return !config.smtpUrl && !config.devOutbox
}

/** Shortest operator token accepted: a guessable one would open moderation to anyone. */
export const MIN_OPERATOR_TOKEN_LENGTH = 32

/** INKMARK_OPERATOR_TOKEN, or undefined when unset; a short one stops the relay with why. */
export function readOperatorToken(text: string | undefined): string | undefined {
  const token = text?.trim() ?? ''
  if (token === '') {
    return undefined
  }
  if (token.length < MIN_OPERATOR_TOKEN_LENGTH) {
    throw new Error(
      `INKMARK_OPERATOR_TOKEN must be at least ${MIN_OPERATOR_TOKEN_LENGTH} characters (e.g. openssl rand -base64 32)`,
    )
  }
  return token
}

function readFlag(name: string, text: string | undefined): boolean {
  const value = text?.trim().toLowerCase() ?? ''
  if (value === '' || value === '0' || value === 'false') {
    return false
  }
  if (value === '1' || value === 'true') {
    return true
  }
  throw new Error(`${name} must be 1 or 0, got '${text}'`)
}

const relayRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function readPort(text: string | undefined): number {
  const port = text?.trim() ? Number(text.trim()) : DEFAULT_RELAY_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${text}'`)
  }
  return port
}

function readTrialDays(text: string | undefined): number {
  const days = text?.trim() ? Number(text.trim()) : DEFAULT_TRIAL_DAYS
  if (!Number.isInteger(days) || days < 0) {
    throw new Error(`INKMARK_TRIAL_DAYS must be a whole number of days, got '${text}'`)
  }
  return days
}

/** A positive number from the environment, or `fallback` when unset. */
function readPositive(name: string, text: string | undefined, fallback: number): number {
  const value = text?.trim() ? Number(text.trim()) : fallback
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got '${text}'`)
  }
  return value
}

/** INKMARK_REMINDER_INTERVAL_MS: unset for the default, 0 for no reminders. */
function readReminderInterval(text: string | undefined): number | undefined {
  if (!text?.trim()) {
    return undefined
  }
  const value = Number(text.trim())
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`INKMARK_REMINDER_INTERVAL_MS must be a whole number of ms, got '${text}'`)
  }
  return value
}

/** The address the relay's own links (List-Unsubscribe) point at. */
export function relayPublicUrl(config: Pick<RelayConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) {
    return config.publicUrl.replace(/\/$/, '')
  }
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}`
}

/** The JWT secret from the environment, or the one kept in the data directory (made if missing). */
export function loadJwtSecret(envSecret: string | undefined, dataDir: string): Uint8Array {
  if (envSecret !== undefined && envSecret !== '') {
    return checkedSecret('INKMARK_JWT_SECRET', envSecret)
  }
  const file = join(dataDir, JWT_SECRET_FILE)
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

function checkedSecret(name: string, secret: string): Uint8Array {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    throw new Error(`${name} must be at least ${MIN_SECRET_BYTES} bytes long`)
  }
  return new TextEncoder().encode(secret)
}

/** INKMARK_JWT_PREVIOUS_SECRETS: comma-separated secrets that still verify. */
export function readPreviousJwtSecrets(text: string | undefined): Uint8Array[] {
  return (text ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
    .map((secret) => checkedSecret('Each of INKMARK_JWT_PREVIOUS_SECRETS', secret))
}

/**
 * The signing secrets of the configuration: with PostgreSQL and no INKMARK_JWT_SECRET none (the
 * keys live in the database; a secret file an older relay left is handed on as the first key).
 */
function readJwtSecrets(
  env: Record<string, string | undefined>,
  dataDir: string,
  databaseUrl: string | undefined,
): Pick<RelayConfig, 'jwtSecret' | 'previousJwtSecrets' | 'legacyJwtSecret'> {
  const previousJwtSecrets = readPreviousJwtSecrets(env.INKMARK_JWT_PREVIOUS_SECRETS)
  // The secret as given (a trailing newline is part of it, as it always was); blank means unset.
  const configured = env.INKMARK_JWT_SECRET ?? ''
  if (databaseUrl === undefined || configured.trim() !== '') {
    return {
      jwtSecret: loadJwtSecret(configured.trim() === '' ? undefined : configured, dataDir),
      previousJwtSecrets,
    }
  }
  if (previousJwtSecrets.length > 0) {
    throw new Error('INKMARK_JWT_PREVIOUS_SECRETS needs INKMARK_JWT_SECRET')
  }
  const file = join(dataDir, JWT_SECRET_FILE)
  const legacy = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  return {
    jwtSecret: undefined,
    legacyJwtSecret: legacy === '' ? undefined : new TextEncoder().encode(legacy),
  }
}

/** The backup relay of `INKMARK_BACKUP_URL`, held to the clients' relay address rule. */
function readBackupUrl(text: string | undefined): { backupUrl?: string } {
  const value = text?.trim() ?? ''
  if (value === '') {
    return {}
  }
  const checked = checkRelayAddress(value.replace(/\/+$/, ''))
  if (!checked.ok) {
    throw new Error(`INKMARK_BACKUP_URL: ${checked.message}`)
  }
  return { backupUrl: checked.url }
}

/** Reads the relay's configuration from `env`. Throws on invalid values. */
export function readRelayConfig(env: Record<string, string | undefined>): RelayConfig {
  const dataDir = resolve(env.INKMARK_DATA_DIR?.trim() || join(relayRoot, 'data'))
  const ttl = Number(env.INKMARK_CONFIG_CACHE_TTL_MS ?? DEFAULT_CONFIG_CACHE_TTL_MILLIS)
  const appUrl = env.INKMARK_APP_URL?.trim() || DEFAULT_APP_URL
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  const config: RelayConfig = {
    host: env.HOST?.trim() || DEFAULT_RELAY_HOST,
    port: readPort(env.PORT),
    dataDir,
    databaseUrl,
    ...readJwtSecrets(env, dataDir, databaseUrl),
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    devOutbox: readFlag('INKMARK_DEV_OUTBOX', env.INKMARK_DEV_OUTBOX),
    operatorToken: readOperatorToken(env.INKMARK_OPERATOR_TOKEN),
    noMail: readFlag('INKMARK_NO_MAIL', env.INKMARK_NO_MAIL),
    webOrigins: (env.INKMARK_WEB_ORIGINS ?? `${appUrl},http://localhost:5173,http://127.0.0.1:5174`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    appUrl,
    configCacheTtlMillis: Number.isFinite(ttl) && ttl >= 0 ? ttl : DEFAULT_CONFIG_CACHE_TTL_MILLIS,
    ...readBackupUrl(env.INKMARK_BACKUP_URL),
    aiChatEnabled:
      env.INKMARK_AI_CHAT_ENABLED === undefined ||
      env.INKMARK_AI_CHAT_ENABLED.trim() === '' ||
      readFlag('INKMARK_AI_CHAT_ENABLED', env.INKMARK_AI_CHAT_ENABLED),
    trialDays: readTrialDays(env.INKMARK_TRIAL_DAYS),
    docCacheBytes: Math.round(
      readPositive('INKMARK_DOC_CACHE_MB', env.INKMARK_DOC_CACHE_MB, DEFAULT_DOC_CACHE_MB) *
        1024 *
        1024,
    ),
    docIdleMillis: readPositive(
      'INKMARK_DOC_IDLE_MS',
      env.INKMARK_DOC_IDLE_MS,
      DEFAULT_DOC_IDLE_MS,
    ),
    deletionMemoryMillis:
      readPositive(
        'INKMARK_DELETION_MEMORY_DAYS',
        env.INKMARK_DELETION_MEMORY_DAYS,
        DEFAULT_DELETION_MEMORY_DAYS,
      ) * DAY_MS,
    limits: readRelayLimits(env),
    trustProxy: readTrustProxy(env.INKMARK_TRUST_PROXY),
    publicUrl: env.INKMARK_PUBLIC_URL?.trim() || undefined,
    reminderIntervalMillis: readReminderInterval(env.INKMARK_REMINDER_INTERVAL_MS),
    billing: readBillingSettings(env, env.NODE_ENV === 'production'),
    misc: readMiscConfig(env),
  }
  checkMailSetup(config)
  return config
}
