// Saves text as a file through a temporary object URL and a link click: the browser's own
// download, with no server round trip (the app works offline).
import type { DownloadFile } from './export-files'

/** Starts the download of `file`. */
export function downloadFile({ fileName, mimeType, text }: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
