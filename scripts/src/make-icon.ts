// Draws the extension icon (a marker stroke on a rounded ink-blue tile) as a PNG with no image
// library, so the icon is reproducible from source: `npx tsx scripts/src/make-icon.ts out.png`.
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const SIZE = 512

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buffer) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
    }
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

function pixel(x: number, y: number): [number, number, number, number] {
  const radius = 96
  const cx = Math.min(Math.max(x, radius), SIZE - radius)
  const cy = Math.min(Math.max(y, radius), SIZE - radius)
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) {
    return [0, 0, 0, 0]
  }
  const inStroke = y > 300 && y < 380 && x > 96 && x < 416
  if (inStroke) {
    return [0xfd, 0xff, 0xb4, 255]
  }
  const inLetter =
    x > 160 &&
    x < 352 &&
    ((y > 112 && y < 152) || (y > 256 && y < 296) || (x > 236 && x < 276 && y >= 112 && y <= 296))
  return inLetter ? [255, 255, 255, 255] : [0x1f, 0x2a, 0x5c, 255]
}

/** Encodes the icon as an RGBA PNG. */
export function renderIconPng(): Buffer {
  const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE)
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1)
    raw[row] = 0
    for (let x = 0; x < SIZE; x++) {
      Buffer.from(pixel(x, y)).copy(raw, row + 1 + x * 4)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header.writeUInt8(8, 8)
  header.writeUInt8(6, 9)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

if (process.argv[2]) {
  writeFileSync(process.argv[2], renderIconPng())
}
