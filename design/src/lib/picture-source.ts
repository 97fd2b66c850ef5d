// What an <img> of ours may load: http(s) addresses and raster data: pictures, nothing else
// (docs/security.md: picture addresses come from pages). The callers filter too; the design
// system's picture components check again, as the site and the extension use them as well.

/** `url` when it is an http(s) address or a raster data: picture; else undefined. */
export function pictureSource(url: string | undefined | null): string | undefined {
  const trimmed = url?.trim()
  if (!trimmed) {
    return undefined
  }
  if (/^data:image\/(png|jpe?g|gif|webp|avif);/i.test(trimmed)) {
    return trimmed
  }
  try {
    const parsed = new URL(trimmed)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}
