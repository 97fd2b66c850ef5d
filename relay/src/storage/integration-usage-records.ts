// The misc server's count of integration exports (docs/adr/066-notion-and-capacities.md): per
// account, service ('notion', 'capacities') and UTC day, so a plan's daily limit holds across
// devices and misc-server processes. A slot is taken before the export, atomically against the
// limit (two exports at once cannot both take the last one), and given back if the export fails,
// so in effect only exports that succeeded count.

/** The integration-usage methods of RelayStorage. */
export interface IntegrationUsageStorage {
  /**
   * Takes one export slot of `day` (YYYY-MM-DD, UTC) if fewer than `limit` are taken (any number
   * with Infinity); resolves whether it was taken.
   */
  takeIntegrationExport(
    userId: string,
    service: string,
    day: string,
    limit: number,
  ): Promise<boolean>
  /** Gives back a slot taken for an export that failed. */
  releaseIntegrationExport(userId: string, service: string, day: string): Promise<void>
  /** How many exports of `day` count for the account and service. */
  countIntegrationExports(userId: string, service: string, day: string): Promise<number>
}

/** The largest count an unlimited plan's row holds (an INTEGER column, far beyond any day's use). */
export const UNLIMITED_EXPORT_SLOTS = 2_000_000_000

/** `limit` as a number a SQL comparison takes. */
export function sqlExportLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : UNLIMITED_EXPORT_SLOTS
}
