// The site's root component: the layout around the page of the current path. It is given the
// route table (tests inject their own) and the first page already loaded (the server renders it,
// the client hydrates once its chunk is in). Client navigation loads the next page's chunk first,
// then pushes the address, updates the head, scrolls (to the top, or to the #hash) and moves focus
// to the new page's h1 (else <main>) so that a screen reader announces it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isCrawler } from './crawler'
import { ErrorPage } from './ErrorPage'
import { applyHead } from './head'
import { Layout, MAIN_ID } from './Layout'
import { NavigationContext, type Navigation } from './navigation'
import { pageHeadTags, pageMeta } from './page-head'
import { mayReloadForChunkError } from './reload-guard'
import type { SiteRoute } from './route-types'
import { loadPage, normalizePath, resolveRoute, type PageState } from './router'
import { siteConfig } from './site-config'
import { EMPTY_SITE_CONTENT, type SiteContent } from './site-content'
import { siteNow } from './now'

export interface AppProps {
  routes: readonly SiteRoute[]
  initial: PageState
  content?: SiteContent
  /** True once a newer build was detected: links then load pages in full. */
  shouldLoadFully?: () => boolean
}

/** A fragment as an element id: decoded, or as it is when it is not valid percent-encoding. */
function decodedFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

/** After a navigation: where to scroll and whom to focus. */
function settleAfterNavigation(hash: string): void {
  const target = hash.length > 1 ? document.getElementById(decodedFragment(hash.slice(1))) : null
  if (target !== null) {
    target.scrollIntoView()
  } else {
    window.scrollTo(0, 0)
  }
  const main = document.getElementById(MAIN_ID)
  const heading = main?.querySelector('h1')
  const focusTarget = target ?? heading ?? main
  if (focusTarget !== null && focusTarget !== undefined) {
    if (!focusTarget.hasAttribute('tabindex')) {
      focusTarget.setAttribute('tabindex', '-1')
    }
    focusTarget.focus({ preventScroll: true })
  }
}

export function App({
  routes,
  initial,
  content = EMPTY_SITE_CONTENT,
  shouldLoadFully = () => false,
}: AppProps) {
  const [page, setPage] = useState<PageState>(initial)
  const pendingHash = useRef<string | null>(null)
  const navigationCount = useRef(0)
  const currentPath = useRef(initial.path)

  const show = useCallback(
    async (url: URL, push: boolean) => {
      const id = ++navigationCount.current
      let next: PageState
      try {
        next = await loadPage(routes, url.pathname)
      } catch (error) {
        if (mayReloadForChunkError(window.sessionStorage, url.pathname, siteNow())) {
          window.location.assign(url.href)
          return
        }
        console.error('The page could not be loaded', error)
        if (isCrawler(navigator.userAgent)) {
          return
        }
        next = { kind: 'error', path: normalizePath(url.pathname), error: { status: 500 } }
      }
      if (id !== navigationCount.current) {
        return // a later navigation won
      }
      if (push) {
        window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`)
      }
      currentPath.current = next.path
      pendingHash.current = url.hash
      setPage(next)
    },
    [routes],
  )

  const navigate = useCallback(
    (to: string) => {
      const url = new URL(to, window.location.href)
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href)
        return
      }
      const samePage =
        normalizePath(url.pathname) === currentPath.current && url.search === window.location.search
      if (samePage && url.hash !== '') {
        window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`)
        settleAfterNavigation(url.hash)
        return
      }
      void show(url, true)
    },
    [show],
  )

  useEffect(() => {
    const onPopState = () => {
      const url = new URL(window.location.href)
      if (normalizePath(url.pathname) === currentPath.current) {
        settleAfterNavigation(url.hash)
        return
      }
      void show(url, false)
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [show])

  useEffect(() => {
    if (pendingHash.current === null) {
      return // the first page: the server wrote its head, the browser placed it
    }
    const hash = pendingHash.current
    pendingHash.current = null
    applyHead(document, pageHeadTags(page, siteConfig.siteOrigin))
    settleAfterNavigation(hash)
  }, [page])

  const navigation = useMemo<Navigation>(
    () => ({ path: page.path, navigate, shouldLoadFully }),
    [page.path, navigate, shouldLoadFully],
  )
  const meta = pageMeta(page)
  const hasDocs = resolveRoute(routes, '/docs') !== undefined
  return (
    <NavigationContext.Provider value={navigation}>
      <Layout
        path={page.path}
        breadcrumbs={meta.breadcrumbs ?? []}
        content={content}
        hasDocs={hasDocs}
      >
        {page.kind === 'page' ? (
          <PageView page={page} />
        ) : (
          <ErrorPage path={page.path} error={page.error} />
        )}
      </Layout>
    </NavigationContext.Provider>
  )
}

function PageView({ page }: { page: Extract<PageState, { kind: 'page' }> }) {
  const Page = page.module.default
  return <Page path={page.path} params={page.params} />
}
