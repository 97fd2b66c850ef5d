/** Where the Inkmark web app runs (the local development server by default). */
export const INKMARK_APP_URL = 'http://localhost:5173'

/** The web app's page of one bookmark (the spec's /page/{id}). */
export function appBookmarkUrl(bookmarkId: string): string {
  return `${INKMARK_APP_URL}/page/${encodeURIComponent(bookmarkId)}`
}
