// Every page's frame: the skip link, the top bar (not on /partners), the breadcrumbs, the page in
// <main> (focused after a client navigation when the page has no h1) and the footer.
import type { ReactNode } from 'react'
import { Breadcrumbs } from './Breadcrumbs'
import { Footer } from './Footer'
import { isNavHidden } from './nav-state'
import type { Breadcrumb } from './route-types'
import type { SiteContent } from './site-content'
import { TopNav } from './TopNav'

export const MAIN_ID = 'main'

export interface LayoutProps {
  path: string
  breadcrumbs: readonly Breadcrumb[]
  content: SiteContent
  hasDocs: boolean
  children: ReactNode
}

export function Layout({ path, breadcrumbs, content, hasDocs, children }: LayoutProps) {
  return (
    <>
      <a className="site-skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      {isNavHidden(path) ? null : (
        <TopNav path={path} socialLinks={content.socialLinks} hasDocs={hasDocs} />
      )}
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Breadcrumbs items={breadcrumbs} />
        {children}
      </main>
      <Footer socialLinks={content.socialLinks} reviews={content.reviews} />
    </>
  )
}
