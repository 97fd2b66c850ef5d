// Node-side (build and tests only). Renders a share image (1200x630 PNG): the page's title on the brand background with the
// Inkmark name, drawn as SVG and rasterised by sharp (librsvg, the system's fonts: DejaVu Sans
// is what Debian's fonts-dejavu-core gives; any sans-serif stands in). Colours are the design
// tokens' (design/src/tokens.css, light theme), read at build time, not copied.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import sharp from 'sharp'
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../share-image'

export interface ShareImageColours {
  background: string
  text: string
  soft: string
}

const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif"
const TITLE_SIZE = 64
const TITLE_LINE_HEIGHT = 80
const MAX_TITLE_LINES = 4
/** Characters per title line at TITLE_SIZE in a DejaVu-wide bold sans (about 0.62 em each). */
const TITLE_LINE_CHARACTERS = 26

/** The light theme's accent, accent text and accent-soft colours from the design tokens. */
export async function brandColours(): Promise<ShareImageColours> {
  const require = createRequire(import.meta.url)
  const css = await readFile(require.resolve('@inkmark/design/tokens.css'), 'utf8')
  const token = (name: string): string => {
    const match = new RegExp(`--ink-color-${name}:\\s*(#[0-9a-fA-F]{3,8})`).exec(css)
    if (!match) {
      throw new Error(`design tokens have no --ink-color-${name}`)
    }
    return match[1]!
  }
  return { background: token('accent'), text: token('accent-text'), soft: token('accent-soft') }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Splits `title` into at most MAX_TITLE_LINES lines of whole words; the last ends in '…' when cut. */
export function wrapTitle(title: string, lineCharacters = TITLE_LINE_CHARACTERS): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of title.trim().split(/\s+/)) {
    const candidate = line === '' ? word : `${line} ${word}`
    if (candidate.length <= lineCharacters || line === '') {
      line = candidate
    } else {
      lines.push(line)
      line = word
    }
  }
  if (line !== '') {
    lines.push(line)
  }
  if (lines.length > MAX_TITLE_LINES) {
    const kept = lines.slice(0, MAX_TITLE_LINES)
    kept[MAX_TITLE_LINES - 1] = `${kept[MAX_TITLE_LINES - 1]!.slice(0, lineCharacters - 1)}…`
    return kept
  }
  return lines.map((text) =>
    text.length > lineCharacters ? `${text.slice(0, lineCharacters - 1)}…` : text,
  )
}

/** The share card's SVG. */
export function shareImageSvg(title: string, colours: ShareImageColours): string {
  const lines = wrapTitle(title)
  const top = 300 - ((lines.length - 1) * TITLE_LINE_HEIGHT) / 2
  const tspans = lines
    .map(
      (line, index) =>
        `<tspan x="80" y="${top + index * TITLE_LINE_HEIGHT}">${escapeXml(line)}</tspan>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${colours.background}"/>` +
    `<rect x="80" y="520" width="1040" height="4" fill="${colours.soft}" opacity="0.5"/>` +
    `<text font-family="${escapeXml(FONT)}" font-weight="bold" font-size="${TITLE_SIZE}" fill="${colours.text}">${tspans}</text>` +
    `<text x="80" y="580" font-family="${escapeXml(FONT)}" font-weight="bold" font-size="40" fill="${colours.text}">Inkmark</text>` +
    `<text x="1120" y="580" text-anchor="end" font-family="${escapeXml(FONT)}" font-size="28" fill="${colours.soft}">PDF &amp; Web Highlighter</text>` +
    `</svg>`
  )
}

/** The share card of `title` as PNG bytes. */
export async function renderShareImage(title: string, colours: ShareImageColours): Promise<Buffer> {
  return sharp(Buffer.from(shareImageSvg(title, colours)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
}
