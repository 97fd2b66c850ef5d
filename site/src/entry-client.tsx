// The site in the browser. First a token in the address signs in (and reloads without it). Then
// the current path's chunk is loaded before hydrating, so the first render matches the HTML. A
// chunk that fails to load reloads the page once per 10 s per path, else the error page shows (a
// crawler gets only a log line). Update detection starts once the page is up.
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { SITE_BUILD_ID } from './app/build-info'
import { layoutContent } from './app/content'
import { isCrawler } from './app/crawler'
import { siteNow } from './app/now'
import { mayReloadForChunkError } from './app/reload-guard'
import { loadPage, normalizePath, type PageState } from './app/router'
import { ALL_ROUTES } from './app/routes'
import { signInWithUrlToken } from './app/token-sign-in'
import { createUpdateChecker, startUpdateChecks } from './app/update-check'
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import './site.css'

async function start(): Promise<void> {
  if (
    signInWithUrlToken(window.location.href, window.localStorage, (to) =>
      window.location.replace(to),
    )
  ) {
    return
  }
  const rootElement = document.getElementById('root')
  if (rootElement === null) {
    throw new Error('The page has no #root element')
  }
  const path = window.location.pathname
  let initial: PageState
  try {
    initial = await loadPage(ALL_ROUTES, path)
  } catch (error) {
    if (mayReloadForChunkError(window.sessionStorage, path, siteNow())) {
      window.location.reload()
      return
    }
    console.error('The page could not be loaded', error)
    if (isCrawler(navigator.userAgent)) {
      return
    }
    initial = { kind: 'error', path: normalizePath(path), error: { status: 500 } }
  }
  const checker = createUpdateChecker({
    buildId: SITE_BUILD_ID,
    baseUrl: window.location.origin,
    fetch: (url, init) => window.fetch(url, init),
  })
  const app = (
    <App
      routes={ALL_ROUTES}
      initial={initial}
      content={layoutContent()}
      shouldLoadFully={checker.isOutdated}
    />
  )
  // The prerendered HTML of a page is hydrated; an error page (404.html serves every unknown
  // path, and a failed chunk) and the dev server's empty root are rendered afresh.
  if (rootElement.firstElementChild !== null && initial.kind === 'page') {
    hydrateRoot(rootElement, app)
  } else {
    createRoot(rootElement).render(app)
  }
  if (SITE_BUILD_ID !== 'dev') {
    startUpdateChecks(checker, window)
  }
}

void start()
