// The keys that sign login tokens and unsubscribe links, shared by every relay instance (ADR 085).
// Each key has an id (a hash of its secret, never the secret) that tokens carry in their header, so
// a token names the key that verifies it. The newest key signs; older ones keep verifying until
// they are retired, so a rotation logs nobody out. Keys come from the configuration
// (INKMARK_JWT_SECRET and INKMARK_JWT_PREVIOUS_SECRETS: rotated by a rolling restart) or, with
// PostgreSQL and no configured secret, from the database (made once by whichever instance starts
// first; rotated by `npm run relay:rotate-key`, heard by every instance over the cluster bus). A
// token naming a key this instance does not know yet makes it read the keys again (at most once a
// second), so an instance that missed a rotation's announcement still verifies the new key.
import { createHash, randomBytes } from 'node:crypto'

export interface SigningKey {
  /** The id tokens carry (`kid`): a hash of the secret. */
  id: string
  secret: Uint8Array
  /** When the key was made (ms); the newest signs. */
  createdAt: number
}

/** Where shared keys are stored (PostgreSQL). */
export interface SigningKeyStore {
  /** Every stored key, newest first. */
  listSigningKeys(): Promise<SigningKey[]>
  /** Stores `key` as the first key unless one exists already; resolves the keys then stored. */
  addFirstSigningKey(key: SigningKey): Promise<SigningKey[]>
  /**
   * Stores a new key (a rotation), newer than every kept one, and drops keys superseded before
   * `retireBefore`, or every other key with `retireOthers`.
   */
  rotateSigningKey(
    key: SigningKey,
    retireBefore: number,
    retireOthers: boolean,
  ): Promise<SigningKey[]>
}

/** Bytes of a made secret. */
const SECRET_BYTES = 48
/** Least time between two reloads caused by unknown key ids. */
export const KEY_RELOAD_MIN_INTERVAL_MS = 1_000
/**
 * How often stored keys are read again whatever was announced: a retired key stops verifying on
 * an instance that missed the announcement (and failed to read again after the bus was back)
 * within this time.
 */
export const KEY_REFRESH_INTERVAL_MS = 60_000

/** The id of a key with `secret`. */
export function signingKeyId(secret: Uint8Array): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 16)
}

/** A key for `secret`. */
export function signingKeyOf(secret: Uint8Array, createdAt = 0): SigningKey {
  return { id: signingKeyId(secret), secret, createdAt }
}

/** A new random key. */
export function makeSigningKey(createdAt: number): SigningKey {
  return signingKeyOf(
    new TextEncoder().encode(randomBytes(SECRET_BYTES).toString('base64url')),
    createdAt,
  )
}

/** The stored keys could not be read (a token's key could not be looked for). */
export class KeysUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The signing keys could not be read', { cause })
    this.name = 'KeysUnavailableError'
  }
}

/** The keys an instance signs and verifies with. */
export class SigningKeyRing {
  private keys: SigningKey[]
  private lastReload = Number.NEGATIVE_INFINITY
  private reloading: Promise<void> | undefined

  private constructor(
    keys: SigningKey[],
    private readonly store: SigningKeyStore | undefined,
    private readonly now: () => number,
  ) {
    if (keys.length === 0) {
      throw new Error('A relay needs at least one signing key')
    }
    this.keys = keys
  }

  /** Keys from the configuration: `current` signs, `previous` still verify. */
  static configured(current: Uint8Array, previous: readonly Uint8Array[] = []): SigningKeyRing {
    return new SigningKeyRing(
      [signingKeyOf(current, 1), ...previous.map((secret) => signingKeyOf(secret, 0))],
      undefined,
      Date.now,
    )
  }

  /**
   * Keys from the database, made there if there are none (`firstSecret`, when given, becomes the
   * first key: the secret an older single relay kept in its data directory, so its tokens stay good).
   */
  static async stored(
    store: SigningKeyStore,
    now: () => number,
    firstSecret?: Uint8Array,
  ): Promise<SigningKeyRing> {
    let keys = await store.listSigningKeys()
    if (keys.length === 0) {
      const first = firstSecret ? signingKeyOf(firstSecret, now()) : makeSigningKey(now())
      keys = await store.addFirstSigningKey(first)
    }
    return new SigningKeyRing(keys, store, now)
  }

  /** The key that signs now. */
  get current(): SigningKey {
    return this.keys[0]!
  }

  /** Every key that verifies, newest first. */
  get all(): readonly SigningKey[] {
    return this.keys
  }

  /** The key with `id`, reading the stored keys again if it is not known (see the header). */
  async find(id: string): Promise<SigningKey | undefined> {
    const known = this.keys.find((key) => key.id === id)
    if (known || !this.store) {
      return known
    }
    try {
      if (this.reloading) {
        // A reload under way (a rotation was announced) may bring this key.
        await this.reloading
      } else if (this.now() - this.lastReload >= KEY_RELOAD_MIN_INTERVAL_MS) {
        await this.reload()
      }
    } catch (error) {
      throw new KeysUnavailableError(error)
    }
    return this.keys.find((key) => key.id === id)
  }

  /** Reads the stored keys every KEY_REFRESH_INTERVAL_MS until the returned stop is called. */
  refreshPeriodically(): () => void {
    if (!this.store) {
      return () => undefined
    }
    const timer = setInterval(() => {
      this.reload().catch(() => undefined)
    }, KEY_REFRESH_INTERVAL_MS)
    timer.unref()
    return () => clearInterval(timer)
  }

  /** Reads the stored keys again (a rotation was announced). */
  reload(): Promise<void> {
    if (!this.store) {
      return Promise.resolve()
    }
    const store = this.store
    this.reloading ??= (async () => {
      try {
        this.lastReload = this.now()
        const keys = await store.listSigningKeys()
        if (keys.length > 0) {
          this.keys = keys
        }
      } finally {
        this.reloading = undefined
      }
    })()
    return this.reloading
  }
}

/** The ring a relay uses: the configured secrets, else the keys shared in the database. */
export async function signingKeysFor(
  config: {
    jwtSecret: Uint8Array | undefined
    previousJwtSecrets?: Uint8Array[] | undefined
    legacyJwtSecret?: Uint8Array | undefined
  },
  store: SigningKeyStore | undefined,
  now: () => number,
): Promise<SigningKeyRing> {
  if (config.jwtSecret) {
    return SigningKeyRing.configured(config.jwtSecret, config.previousJwtSecrets ?? [])
  }
  if (!store) {
    throw new Error('INKMARK_JWT_SECRET is required when the storage keeps no signing keys')
  }
  return SigningKeyRing.stored(store, now, config.legacyJwtSecret)
}
