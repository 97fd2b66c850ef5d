// Summaries of repeated measurements and how the benchmarks print them.

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) {
    return Number.NaN
  }
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The nearest-rank percentile `p` (0-100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    return Number.NaN
  }
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1]!
}

/** Milliseconds with a precision that suits their size: 0.004 ms, 3.21 ms, 45.6 ms, 1234 ms. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) {
    return 'n/a'
  }
  if (ms < 1) {
    return `${ms.toFixed(3)} ms`
  }
  if (ms < 10) {
    return `${ms.toFixed(2)} ms`
  }
  if (ms < 100) {
    return `${ms.toFixed(1)} ms`
  }
  return `${Math.round(ms)} ms`
}

/** Bytes in binary units: 812 B, 3.4 MiB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`
}

/** An integer with thousands separators: 50,000. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US')
}

/** A table as aligned plain text, for the terminal. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n')
}

/** A table in Markdown. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
