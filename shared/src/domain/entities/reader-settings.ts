// The reader view's typography and colours. They are stored as four loose values (readerFontSize,
// readerColorMode, ...) that may come back as strings, so reading them goes through
// `readerSettingsWithDefaults`, which falls back to the spec's defaults for anything unusable.
import { z } from 'zod'

/** Colour modes of the reader; auto follows the system. */
export const ReaderColorMode = {
  AUTO: 'auto',
  LIGHT: 'light',
  DARK: 'dark',
  SEPIA: 'sepia',
  CONTRAST: 'contrast',
} as const
export type ReaderColorMode = (typeof ReaderColorMode)[keyof typeof ReaderColorMode]

/** Reader font size in px (spec section 9). */
export const READER_DEFAULT_FONT_SIZE = 20
/** Reader text column width in px (spec section 9). */
export const READER_DEFAULT_LAYOUT_WIDTH = 700
/** Reader line height, unitless (spec section 9). */
export const READER_DEFAULT_LINE_HEIGHT = 1.6
/** Reader colour mode (spec section 9). */
export const READER_DEFAULT_COLOR_MODE: ReaderColorMode = ReaderColorMode.AUTO

/** Keys under which each reader setting is stored (spec section 3, other stored values). */
export const READER_SETTINGS_STORAGE_KEYS = {
  fontSize: 'readerFontSize',
  layoutWidth: 'readerLayoutWidth',
  lineHeight: 'readerLineHeight',
  colorMode: 'readerColorMode',
} as const

/** Validates complete reader settings: positive numbers and a known colour mode. */
export const ReaderSettingsSchema = z.looseObject({
  fontSize: z.number().positive(),
  layoutWidth: z.number().positive(),
  lineHeight: z.number().positive(),
  colorMode: z.enum(ReaderColorMode),
})
export type ReaderSettings = z.infer<typeof ReaderSettingsSchema>

/** Reader settings with every spec default. */
export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = {
  fontSize: READER_DEFAULT_FONT_SIZE,
  layoutWidth: READER_DEFAULT_LAYOUT_WIDTH,
  lineHeight: READER_DEFAULT_LINE_HEIGHT,
  colorMode: READER_DEFAULT_COLOR_MODE,
}

/** Stored reader values of any type, as read back from storage. */
export type ReaderSettingsInput = Partial<Record<keyof ReaderSettings, unknown>>

const NUMERIC_TEXT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*$/

/** Complete reader settings; zero, negative, NaN, infinite or non-numeric values and unknown colour modes take the defaults. */
export function readerSettingsWithDefaults(
  partial: ReaderSettingsInput | null | undefined,
): ReaderSettings {
  const colorMode = partial?.colorMode
  return {
    fontSize: positiveNumberOr(partial?.fontSize, READER_DEFAULT_FONT_SIZE),
    layoutWidth: positiveNumberOr(partial?.layoutWidth, READER_DEFAULT_LAYOUT_WIDTH),
    lineHeight: positiveNumberOr(partial?.lineHeight, READER_DEFAULT_LINE_HEIGHT),
    colorMode: isReaderColorMode(colorMode) ? colorMode : READER_DEFAULT_COLOR_MODE,
  }
}

/** Whether a value is one of the reader colour modes. */
export function isReaderColorMode(value: unknown): value is ReaderColorMode {
  return (Object.values(ReaderColorMode) as unknown[]).includes(value)
}

function positiveNumberOr(value: unknown, fallback: number): number {
  // Storage hands numbers back as strings; only plain decimal text counts as a number.
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && NUMERIC_TEXT.test(value)
        ? Number(value)
        : Number.NaN
  return Number.isFinite(number) && number > 0 ? number : fallback
}
