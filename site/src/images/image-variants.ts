// Which WebP variants an image gets and what they are called: shared by the build pipeline
// (site/scripts/images/build-images.ts) and <SiteImage>, so the names in a srcset are the files
// the build writes. Widths are the spec's breakpoints at densities 1 and 2, never wider than the
// source (ADR 076).

/** The spec's layout breakpoints, in CSS pixels. */
export const BREAKPOINT_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const
/** Device pixel ratios served: a breakpoint's width times each. */
export const DENSITIES = [1, 2] as const
/** Where the variants are served from (the build writes them to site/public/img). */
export const IMAGE_URL_PREFIX = '/img/'
/** Encoder settings; part of every file's hash, so a change gives new names. */
export const WEBP_SETTINGS = { quality: 82, effort: 5 } as const

export interface ImageManifestEntry {
  /** The source's intrinsic size in pixels. */
  readonly width: number
  readonly height: number
  /** First hex digits of the SHA-256 of the source bytes and the encoder settings. */
  readonly hash: string
  /** The variant widths, ascending (variantWidths(width)). */
  readonly widths: readonly number[]
}

/**
 * The widths to encode for a source `sourceWidth` pixels wide: every breakpoint at every density
 * that is not wider than the source, ascending; the source's own width when nothing smaller fits
 * or when it lies past the largest that fit (so the full resolution is served too).
 */
export function variantWidths(sourceWidth: number): number[] {
  if (!Number.isInteger(sourceWidth) || sourceWidth <= 0) {
    throw new Error(`A source width must be a positive whole number, not ${sourceWidth}`)
  }
  const candidates = new Set<number>()
  for (const width of BREAKPOINT_WIDTHS) {
    for (const density of DENSITIES) {
      candidates.add(width * density)
    }
  }
  const fitting = [...candidates].filter((width) => width <= sourceWidth).sort((a, b) => a - b)
  const largest = Math.max(...candidates)
  if (fitting.length === 0 || (sourceWidth < largest && fitting.at(-1) !== sourceWidth)) {
    fitting.push(sourceWidth)
  }
  return fitting
}

/** The file name of one variant: `{name}-{width}.{hash}.webp`. */
export function variantFileName(name: string, width: number, hash: string): string {
  return `${name}-${width}.${hash}.webp`
}

/** The URL of one variant. */
export function variantUrl(name: string, width: number, hash: string): string {
  return IMAGE_URL_PREFIX + variantFileName(name, width, hash)
}

/** The srcset value: every variant with its width descriptor. */
export function srcSetFor(name: string, entry: ImageManifestEntry): string {
  return entry.widths.map((width) => `${variantUrl(name, width, entry.hash)} ${width}w`).join(', ')
}

/** The src for browsers without srcset: the widest variant not over 1024 pixels (or the narrowest). */
export function fallbackWidth(entry: ImageManifestEntry): number {
  const notOver = entry.widths.filter((width) => width <= 1024)
  return notOver.at(-1) ?? entry.widths[0] ?? entry.width
}
