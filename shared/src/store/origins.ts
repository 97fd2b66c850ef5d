// Every write to a doc is one transaction with one of these origins, so that listeners (the UI,
// the sync adapter, the persistence provider) tell local edits from remote ones by origin alone.

/** Why a transaction happened. */
export const TransactionOrigin = {
  /** The user changed something on this device. */
  LOCAL: 'inkmark:local',
  /** Sync applied what another device or the relay sent. */
  REMOTE: 'inkmark:remote',
  /** A backup import replaced the data. */
  IMPORT: 'inkmark:import',
  /** The schema was migrated on open. */
  MIGRATION: 'inkmark:migration',
  /**
   * Another tab of this app on this device changed the library (tab-channel.ts). Already stored
   * by that tab and scheduled for sync there, so here it is neither stored again nor synced.
   */
  OTHER_TAB: 'inkmark:other-tab',
  /**
   * The other holder of this browser's library (the extension for the web app, the web app for
   * the extension) sent it over the library bridge (ADR 035). Stored here (a database of its
   * own), not sent back, and not synced on its account: the sync bookkeeping travels with it.
   */
  BRIDGE: 'inkmark:bridge',
  /**
   * A page was opened on this device: its bookmark's openedAt is written without an edit's
   * updatedAt/modifiedAt stamps and without starting a sync run (ADR 079). The time travels with
   * the bookmark's next synced edit, and at once through a live room or the library bridge.
   */
  OPENED: 'inkmark:opened',
} as const
export type TransactionOrigin = (typeof TransactionOrigin)[keyof typeof TransactionOrigin]

/** Whether a transaction origin is one of this device's own writes. */
export function isLocalOrigin(origin: unknown): boolean {
  return (
    origin === TransactionOrigin.LOCAL ||
    origin === TransactionOrigin.IMPORT ||
    origin === TransactionOrigin.MIGRATION
  )
}

/** Whether a transaction was made by the store itself (any origin above), not by a provider. */
export function isStoreOrigin(origin: unknown): boolean {
  return (Object.values(TransactionOrigin) as unknown[]).includes(origin)
}
