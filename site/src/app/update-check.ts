// Update detection (spec section 4): every build writes builds/latest.json ({ buildId, builtAt })
// and builds/meta/{buildId}.json. About a second after start the page fetches its own build's
// meta (gone means the server has another build now), then polls latest.json every 5 minutes and
// whenever the tab becomes visible. Once another build is seen, the next link click loads the page
// in full, so the visitor gets the new files without losing what they were doing.

export interface BuildMarker {
  buildId: string
  builtAt: string
}

export const FIRST_CHECK_DELAY_MS = 1000
export const POLL_INTERVAL_MS = 5 * 60 * 1000

type FetchLike = (
  url: string,
  init?: RequestInit,
) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>

/** Whether a value is a build marker. */
export function isBuildMarker(value: unknown): value is BuildMarker {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BuildMarker).buildId === 'string' &&
    typeof (value as BuildMarker).builtAt === 'string'
  )
}

export interface UpdateChecker {
  /** True once a build other than this page's was seen. */
  isOutdated: () => boolean
  /** Fetches this build's meta (once) and latest.json. */
  check: () => Promise<void>
}

/** A checker for the page's build `buildId`, fetching from `baseUrl` (the site's origin). */
export function createUpdateChecker(options: {
  buildId: string
  baseUrl: string
  fetch: FetchLike
}): UpdateChecker {
  let outdated = false
  let metaChecked = false
  const get = (path: string) =>
    options.fetch(new URL(path, options.baseUrl).href, { cache: 'no-store' })
  return {
    isOutdated: () => outdated,
    async check() {
      if (outdated) {
        return
      }
      try {
        if (!metaChecked) {
          metaChecked = true
          const meta = await get(`/builds/meta/${encodeURIComponent(options.buildId)}.json`)
          if (meta.status === 404) {
            outdated = true
            return
          }
        }
        const latest = await get('/builds/latest.json')
        if (!latest.ok) {
          return
        }
        const marker: unknown = await latest.json()
        if (isBuildMarker(marker) && marker.buildId !== options.buildId) {
          outdated = true
        }
      } catch {
        // offline or a blip: the next poll tries again
      }
    },
  }
}

/** Starts the checks in a window: the first after a second, then polling and on visibility. */
export function startUpdateChecks(checker: UpdateChecker, target: Window): () => void {
  const first = target.setTimeout(() => void checker.check(), FIRST_CHECK_DELAY_MS)
  const poll = target.setInterval(() => void checker.check(), POLL_INTERVAL_MS)
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') {
      void checker.check()
    }
  }
  target.document.addEventListener('visibilitychange', onVisibility)
  return () => {
    target.clearTimeout(first)
    target.clearInterval(poll)
    target.document.removeEventListener('visibilitychange', onVisibility)
  }
}
