// What an account may still store: the relay-wide quota on stored update bytes (a running total
// the database keeps, relay-storage.ts getStoredBytes) and the spec's page-content quota per plan
// (shared storage-quota.ts, counted as the clients count it: the sum of the saved pages' lengths).
// /sync reads both fresh; rooms check each message synchronously against a copy refreshed every
// few seconds and advanced by what the socket sends, since a room must not wait on the database
// between two messages (docs/adr/030-relay-limits.md).
import {
  ObjectStore,
  checkPageContentQuota,
  pageContentSizeUsed,
  resolvePlan,
  type PageContentQuotaCheck,
  type StoredRecord,
} from '@inkmark/shared'
import { planUserOf } from '../billing/plan-of'
import type { RelayConfig } from '../config'
import type { LibraryService } from '../docs/library-service'
import type { RelayStorage } from '../storage/relay-storage'

/** A room's copy of an account's usage is read again after this long. */
export const USAGE_REFRESH_MS = 5000

/** An account's usage as the quotas count it. */
export interface AccountUsageFigures {
  storedBytes: number
  pageContentBytes: number
  plan: ReturnType<typeof resolvePlan>
}

interface CachedUsage extends AccountUsageFigures {
  readAt: number
  refreshing: Promise<void> | undefined
}

/** A write that does not fit: the figures the client shows. */
export interface QuotaRefusal {
  usedBytes: number
  quotaBytes: number
  message: string
}

/** Reads and checks an account's usage. */
export class AccountUsage {
  private readonly cached = new Map<string, CachedUsage>()

  constructor(
    private readonly storage: RelayStorage,
    private readonly library: LibraryService,
    private readonly quotaBytes: number,
    private readonly now: () => number,
    /** The billing settings, so the plan is the one tokens carry (billing off's default included). */
    private readonly config: Pick<RelayConfig, 'billing'> = {},
  ) {}

  /** The account's usage, read now. */
  async read(userId: string): Promise<AccountUsageFigures> {
    const [storedBytes, contents, user] = await Promise.all([
      this.storage.getStoredBytes(userId),
      this.library.list(userId, ObjectStore.PAGE_CONTENTS),
      this.storage.findUserById(userId),
    ])
    const planUser = user ? planUserOf(user, this.config) : null
    const figures = {
      storedBytes,
      pageContentBytes: pageContentSizeUsed(contents as { length?: number }[]),
      plan: resolvePlan(planUser, this.now()),
    }
    const entry = this.cached.get(userId)
    if (entry) {
      Object.assign(entry, figures, { readAt: this.now() })
    }
    return figures
  }

  /** Refuses a write of `incomingBytes` more that would take the account past its quota. */
  checkStorage(usedBytes: number, incomingBytes: number): QuotaRefusal | undefined {
    if (usedBytes + incomingBytes <= this.quotaBytes) {
      return undefined
    }
    return {
      usedBytes,
      quotaBytes: this.quotaBytes,
      message: `Sync storage full: this account stores ${formatMegabytes(usedBytes)} of its ${formatMegabytes(this.quotaBytes)} on this relay. Delete saved pages or highlights to free space; your changes are kept on this device until then.`,
    }
  }

  /**
   * Splits page contents that would take the account past its plan's page-content quota from
   * the rest, counting each accepted one against the next (a page written again counts once).
   */
  checkPageContents(
    figures: AccountUsageFigures,
    entities: readonly StoredRecord[],
    existingLength: (id: string) => number,
  ): {
    accepted: StoredRecord[]
    refused: { entity: StoredRecord; check: PageContentQuotaCheck }[]
  } {
    const accepted: StoredRecord[] = []
    const refused: { entity: StoredRecord; check: PageContentQuotaCheck }[] = []
    let used = figures.pageContentBytes
    for (const entity of entities) {
      if (entity._objectStore !== ObjectStore.PAGE_CONTENTS) {
        accepted.push(entity)
        continue
      }
      // The text's own length when it comes along (a client cannot shrink it by claiming less).
      const size =
        typeof entity.content === 'string'
          ? entity.content.length
          : pageContentSizeUsed([entity as { length?: number }])
      const before = used - existingLength(entity._id)
      const check = checkPageContentQuota(before, size, figures.plan)
      if (check.ok || size <= existingLength(entity._id)) {
        used = before + size
        accepted.push(entity)
      } else {
        refused.push({ entity, check })
      }
    }
    return { accepted, refused }
  }

  /**
   * A room's synchronous check of `bytes` more for `docName`: the cached figures (read again in
   * the background when stale) advanced by what was accepted. A refusal says why.
   */
  admitRoomBytes(userId: string, docName: string, bytes: number): QuotaRefusal | undefined {
    const entry = this.cachedEntry(userId)
    // Until the first read is in, the figures count only what the sockets sent since: a lower
    // bound, still enough to refuse what alone exceeds the quota. The plan is not known yet.
    const storage = this.checkStorage(entry.storedBytes, bytes)
    if (storage) {
      return storage
    }
    if (
      entry.readAt !== 0 &&
      (docName.startsWith('pagecontent-') || docName.startsWith('usertext-'))
    ) {
      const check = checkPageContentQuota(entry.pageContentBytes, bytes, entry.plan)
      if (!check.ok) {
        return { usedBytes: check.usedBytes, quotaBytes: check.quotaBytes, message: check.message }
      }
      entry.pageContentBytes += bytes
    }
    entry.storedBytes += bytes
    return undefined
  }

  /** Starts reading the account's usage for its rooms (a socket opened). */
  watch(userId: string): void {
    this.cachedEntry(userId)
  }

  /** Forgets the account's cached usage (its last socket closed). */
  unwatch(userId: string): void {
    this.cached.delete(userId)
  }

  private cachedEntry(userId: string): CachedUsage {
    let entry = this.cached.get(userId)
    if (!entry) {
      entry = {
        storedBytes: 0,
        pageContentBytes: 0,
        plan: 'OFFLINE',
        readAt: 0,
        refreshing: undefined,
      }
      this.cached.set(userId, entry)
    }
    if (!entry.refreshing && this.now() - entry.readAt >= USAGE_REFRESH_MS) {
      const current = entry
      current.refreshing = this.read(userId)
        .then((figures) => {
          if (this.cached.get(userId) === current) {
            Object.assign(current, figures, { readAt: this.now() })
          }
        })
        .catch(() => undefined)
        .finally(() => {
          current.refreshing = undefined
        })
    }
    return entry
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
