import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_HOST, DEFAULT_RELAY_PORT, loadJwtSecret, readRelayConfig } from './config'

const secret = 'x'.repeat(40)

describe('readRelayConfig', () => {
  it('defaults to loopback and port 8787', () => {
    const config = readRelayConfig({ INKMARK_JWT_SECRET: secret })
    expect(config).toMatchObject({
      host: DEFAULT_RELAY_HOST,
      port: DEFAULT_RELAY_PORT,
      databaseUrl: undefined,
      production: false,
    })
  })

  it('reads HOST, PORT, INKMARK_DATA_DIR, DATABASE_URL and NODE_ENV', () => {
    const config = readRelayConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      INKMARK_DATA_DIR: '/tmp/inkmark-data',
      DATABASE_URL: 'postgres://x',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      INKMARK_JWT_SECRET: secret,
    })
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      dataDir: '/tmp/inkmark-data',
      databaseUrl: 'postgres://x',
      production: true,
    })
  })

  it('turns AI chat on unless INKMARK_AI_CHAT_ENABLED is 0', () => {
    expect(readRelayConfig({ INKMARK_JWT_SECRET: secret }).aiChatEnabled).toBe(true)
    const off = readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_AI_CHAT_ENABLED: '0' })
    expect(off.aiChatEnabled).toBe(false)
    expect(() =>
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_AI_CHAT_ENABLED: 'maybe' }),
    ).toThrow('INKMARK_AI_CHAT_ENABLED')
  })

  it('reads the backup relay, held to the relay address rule', () => {
    expect(readRelayConfig({ INKMARK_JWT_SECRET: secret }).backupUrl).toBeUndefined()
    expect(
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_BACKUP_URL: 'https://backup.example/' })
        .backupUrl,
    ).toBe('https://backup.example')
    expect(() =>
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_BACKUP_URL: 'http://backup.example' }),
    ).toThrow('INKMARK_BACKUP_URL')
  })

  it('reads the doc cache and deletion memory settings, with bounded defaults', () => {
    expect(readRelayConfig({ INKMARK_JWT_SECRET: secret })).toMatchObject({
      docCacheBytes: 64 * 1024 * 1024,
      docIdleMillis: 5 * 60 * 1000,
      deletionMemoryMillis: 90 * 24 * 60 * 60 * 1000,
    })
    expect(
      readRelayConfig({
        INKMARK_JWT_SECRET: secret,
        INKMARK_DOC_CACHE_MB: '0.5',
        INKMARK_DOC_IDLE_MS: '2000',
        INKMARK_DELETION_MEMORY_DAYS: '30',
      }),
    ).toMatchObject({
      docCacheBytes: 512 * 1024,
      docIdleMillis: 2000,
      deletionMemoryMillis: 30 * 24 * 60 * 60 * 1000,
    })
    expect(() =>
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_DOC_CACHE_MB: 'lots' }),
    ).toThrow("INKMARK_DOC_CACHE_MB must be a positive number, got 'lots'")
  })

  it('rejects an invalid port with a clear message', () => {
    expect(() => readRelayConfig({ PORT: 'eighty', INKMARK_JWT_SECRET: secret })).toThrow(
      "PORT must be an integer between 0 and 65535, got 'eighty'",
    )
  })
})

describe('mail set-up', () => {
  it('keeps the dev outbox off unless INKMARK_DEV_OUTBOX=1 asks for it', () => {
    expect(readRelayConfig({ INKMARK_JWT_SECRET: secret }).devOutbox).toBe(false)
    expect(readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_DEV_OUTBOX: '1' }).devOutbox).toBe(
      true,
    )
    expect(() =>
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_DEV_OUTBOX: 'yes please' }),
    ).toThrow("INKMARK_DEV_OUTBOX must be 1 or 0, got 'yes please'")
  })

  it('refuses the dev outbox beyond loopback and in production', () => {
    for (const HOST of ['127.0.0.1', '127.3.2.1', '::1', 'localhost']) {
      expect(
        readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_DEV_OUTBOX: '1', HOST }).devOutbox,
      ).toBe(true)
    }
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'relay.example.com']) {
      expect(() =>
        readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_DEV_OUTBOX: '1', HOST }),
      ).toThrow(/allowed only on a loopback HOST/)
    }
    expect(() =>
      readRelayConfig({
        INKMARK_JWT_SECRET: secret,
        INKMARK_DEV_OUTBOX: '1',
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
      }),
    ).toThrow(/INKMARK_DEV_OUTBOX=1 is for local development/)
  })

  it('refuses to start in production without SMTP', () => {
    expect(() => readRelayConfig({ INKMARK_JWT_SECRET: secret, NODE_ENV: 'production' })).toThrow(
      /A production relay needs SMTP_URL to send confirmation and password reset mail/,
    )
    const noMail = readRelayConfig({
      INKMARK_JWT_SECRET: secret,
      NODE_ENV: 'production',
      INKMARK_NO_MAIL: '1',
    })
    expect(noMail).toMatchObject({ production: true, smtpUrl: undefined, noMail: true })
  })
})

describe('loadJwtSecret', () => {
  it('generates a secret once, keeps it in the data directory, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkmark-config-'))
    const first = loadJwtSecret(undefined, dir)
    const second = loadJwtSecret(undefined, dir)
    expect(first.byteLength).toBeGreaterThanOrEqual(32)
    expect(second).toEqual(first)
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(32)
  })

  it('refuses a short secret from the environment', () => {
    expect(() => loadJwtSecret('short', '/nonexistent')).toThrow(
      'INKMARK_JWT_SECRET must be at least 32 bytes long',
    )
  })
})

describe('signing secrets (ADR 085)', () => {
  it('reads the previous secrets that still verify, each long enough', () => {
    const config = readRelayConfig({
      INKMARK_JWT_SECRET: secret,
      INKMARK_JWT_PREVIOUS_SECRETS: ` ${'a'.repeat(40)} , ${'b'.repeat(40)}`,
    })
    expect(config.previousJwtSecrets?.map((each) => new TextDecoder().decode(each))).toEqual([
      'a'.repeat(40),
      'b'.repeat(40),
    ])
    expect(() =>
      readRelayConfig({ INKMARK_JWT_SECRET: secret, INKMARK_JWT_PREVIOUS_SECRETS: 'short' }),
    ).toThrow(/INKMARK_JWT_PREVIOUS_SECRETS/)
  })

  it('leaves the keys to the database with PostgreSQL and no secret, handing on an old secret file', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inkmark-config-'))
    const fresh = readRelayConfig({ DATABASE_URL: 'postgres://x', INKMARK_DATA_DIR: dataDir })
    expect(fresh.jwtSecret).toBeUndefined()
    expect(fresh.legacyJwtSecret).toBeUndefined()
    // A relay that ran on SQLite in this directory made a secret file: it becomes the first key.
    const sqlite = readRelayConfig({ INKMARK_DATA_DIR: dataDir })
    const moved = readRelayConfig({ DATABASE_URL: 'postgres://x', INKMARK_DATA_DIR: dataDir })
    expect(moved.jwtSecret).toBeUndefined()
    expect(moved.legacyJwtSecret).toEqual(sqlite.jwtSecret)
    expect(() =>
      readRelayConfig({
        DATABASE_URL: 'postgres://x',
        INKMARK_DATA_DIR: dataDir,
        INKMARK_JWT_PREVIOUS_SECRETS: 'a'.repeat(40),
      }),
    ).toThrow(/needs INKMARK_JWT_SECRET/)
  })
})
