// Highlight colours. A mark stores its colour as hex (spec section 3), but colours arrive from many
// places (the colour picker, imported CSV colour codes, computed styles on a page) in any CSS
// syntax, so everything goes through `toHexColor` first. The palettes and the recent-colours list
// of the chrome settings live here too, so that every app shows the same swatches.

/** Colour of a new highlight when the user has not chosen one (spec section 9). */
export const DEFAULT_HIGHLIGHT_COLOR = '#fdffb4'

/** The strong highlight palette (spec section 9). */
export const HIGHLIGHT_PALETTE = [
  '#f8fc46',
  '#ffad2a',
  '#92ffaa',
  '#fb83b3',
  '#9d64e2',
  '#3cbefc',
] as const

/** The soft highlight palette; its first colour is the default colour (spec section 9). */
export const SOFT_HIGHLIGHT_PALETTE = [
  '#fdffb4',
  '#f8b6a8',
  '#a7e8c8',
  '#f7c2d6',
  '#c3bbec',
  '#c3effc',
] as const

/** Extra colours used by sample highlights (spec section 9). */
export const SAMPLE_HIGHLIGHT_COLORS = ['#fbbdff', '#8ffdff', '#ffec70'] as const

/** The names screen readers announce for the palettes' colours ("Highlight yellow"). */
const PALETTE_COLOR_NAMES: Readonly<Record<string, string>> = {
  '#fdffb4': 'yellow',
  '#f8b6a8': 'red',
  '#a7e8c8': 'green',
  '#f7c2d6': 'pink',
  '#c3bbec': 'purple',
  '#c3effc': 'blue',
  '#f8fc46': 'bright yellow',
  '#ffad2a': 'orange',
  '#92ffaa': 'bright green',
  '#fb83b3': 'bright pink',
  '#9d64e2': 'violet',
  '#3cbefc': 'bright blue',
}

/** The spoken name of a palette colour ('yellow'); other colours are named by their value. */
export function highlightColorName(color: string): string {
  return PALETTE_COLOR_NAMES[color.toLowerCase()] ?? color
}

/** How many swatches a colour row offers: Standard (BASIC) and Advanced (EXPERT) mode. */
const MAX_SWATCHES = { BASIC: 10, EXPERT: 16 } as const

/**
 * The colours offered for a highlight, the same in every app: the soft palette (the default
 * first), in Advanced mode the strong palette, then the recent colours, as hex without repeats.
 */
export function offeredHighlightColors(
  recent: readonly string[],
  mode: keyof typeof MAX_SWATCHES,
): string[] {
  const colors: string[] = [...SOFT_HIGHLIGHT_PALETTE]
  const more = mode === 'EXPERT' ? [...HIGHLIGHT_PALETTE, ...recent] : recent
  for (const color of more) {
    const hex = toHexColor(color)
    if (hex !== null && !colors.includes(hex)) {
      colors.push(hex)
    }
  }
  return colors.slice(0, MAX_SWATCHES[mode])
}

/** Length of the chrome settings' recentColors list ("capped around 10", spec section 3). */
export const MAX_RECENT_COLORS = 10

const HEX_PATTERN = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/
const NORMALIZED_HEX_PATTERN = /^#(?:[0-9a-f]{6}|[0-9a-f]{8})$/
const FUNCTION_PATTERN = /^(rgba?|hsla?)\(\s*(.*?)\s*\)$/
const NUMBER = '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?'
const NUMBER_PATTERN = new RegExp(`^${NUMBER}$`)
const PERCENT_PATTERN = new RegExp(`^(${NUMBER})%$`)
const HUE_PATTERN = new RegExp(`^(${NUMBER})(deg|grad|rad|turn)?$`)
const HUE_UNITS_PER_TURN = { deg: 360, grad: 400, rad: 2 * Math.PI, turn: 1 } as const
const OPAQUE = 255

/** Converts CSS #rgb(a), #rrggbb(aa), rgb(a)() or hsl(a)() to lowercase hex; null if invalid. */
export function toHexColor(css: string): string | null {
  const value = css.trim().toLowerCase()
  if (value.startsWith('#')) {
    return HEX_PATTERN.test(value) ? hexToHex(value.slice(1)) : null
  }
  const match = FUNCTION_PATTERN.exec(value)
  if (match === null) {
    return null
  }
  const args = splitArguments(match[2] ?? '')
  if (args === null) {
    return null
  }
  const isRgb = (match[1] ?? '').startsWith('rgb')
  const channels = isRgb ? rgbChannels(args.channels) : hslChannels(args.channels)
  const alpha = args.alpha === undefined ? 1 : parseAlpha(args.alpha)
  if (channels === null || alpha === null) {
    return null
  }
  return toHex(channels, Math.round(alpha * OPAQUE))
}

/** Whether a value is already a normalized highlight colour (lowercase #rrggbb or #rrggbbaa). */
export function isHexColor(value: string): boolean {
  return NORMALIZED_HEX_PATTERN.test(value)
}

/** Puts a colour first in the recent-colours list, deduplicated (as hex) and capped at 10. */
export function addRecentColor(recent: readonly string[], color: string): string[] {
  const result: string[] = []
  const first = toHexColor(color)
  for (const candidate of first === null ? recent : [first, ...recent]) {
    const hex = toHexColor(candidate)
    if (hex !== null && !result.includes(hex)) {
      result.push(hex)
    }
  }
  return result.slice(0, MAX_RECENT_COLORS)
}

function hexToHex(digits: string): string {
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits
  // A fully opaque alpha carries no information: store the 6-digit form.
  return `#${full.length === 8 && full.endsWith('ff') ? full.slice(0, 6) : full}`
}

interface ColorArguments {
  channels: string[]
  alpha: string | undefined
}

// Legacy syntax `a, b, c[, alpha]` or modern syntax `a b c[ / alpha]`; the two never mix.
function splitArguments(inner: string): ColorArguments | null {
  if (inner.includes(',')) {
    const parts = inner.split(',').map((part) => part.trim())
    if (inner.includes('/') || (parts.length !== 3 && parts.length !== 4)) {
      return null
    }
    return { channels: parts.slice(0, 3), alpha: parts[3] }
  }
  const [main = '', alpha, ...rest] = inner.split('/').map((part) => part.trim())
  const channels = main.split(/\s+/)
  if (rest.length > 0 || channels.length !== 3 || alpha === '') {
    return null
  }
  return { channels, alpha }
}

function rgbChannels(args: readonly string[]): number[] | null {
  const channels: number[] = []
  for (const arg of args) {
    const percent = PERCENT_PATTERN.exec(arg)
    const value = percent !== null ? (finite(Number(percent[1])) / 100) * OPAQUE : parseNumber(arg)
    if (value === null) {
      return null
    }
    channels.push(clamp(value, 0, OPAQUE))
  }
  return channels
}

function hslChannels(args: readonly string[]): number[] | null {
  const [hueArg = '', saturationArg = '', lightnessArg = ''] = args
  const hueMatch = HUE_PATTERN.exec(hueArg)
  const saturation = parsePercentage(saturationArg)
  const lightness = parsePercentage(lightnessArg)
  if (hueMatch === null || saturation === null || lightness === null) {
    return null
  }
  const unit = (hueMatch[2] ?? 'deg') as keyof typeof HUE_UNITS_PER_TURN
  const turns = finite(Number(hueMatch[1])) / HUE_UNITS_PER_TURN[unit]
  const hue = (((turns % 1) + 1) % 1) * 12
  const s = clamp(saturation, 0, 100) / 100
  const l = clamp(lightness, 0, 100) / 100
  // CSS Color 4 reference conversion (hslToRgb), scaled to 0..255.
  const channel = (n: number): number => {
    const k = (n + hue) % 12
    const a = s * Math.min(l, 1 - l)
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * OPAQUE
  }
  return [channel(0), channel(8), channel(4)]
}

// Saturation and lightness: a percentage, or (modern syntax) a bare number meaning the same.
function parsePercentage(arg: string): number | null {
  const percent = PERCENT_PATTERN.exec(arg)
  return percent !== null ? finite(Number(percent[1])) : parseNumber(arg)
}

function parseAlpha(arg: string): number | null {
  const percent = PERCENT_PATTERN.exec(arg)
  const value = percent !== null ? finite(Number(percent[1])) / 100 : parseNumber(arg)
  return value === null ? null : clamp(value, 0, 1)
}

function parseNumber(arg: string): number | null {
  return NUMBER_PATTERN.test(arg) ? finite(Number(arg)) : null
}

// Exponents such as 1e999 overflow to Infinity; saturate them so that clamping still works.
function finite(value: number): number {
  return Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, value))
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function toHex(channels: readonly number[], alpha: number): string {
  const bytes = alpha === OPAQUE ? channels : [...channels, alpha]
  return `#${bytes.map((byte) => Math.round(byte).toString(16).padStart(2, '0')).join('')}`
}
