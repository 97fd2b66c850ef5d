// /unsubscribe/{userId}: the fallback when the server does not send the visitor straight on: a link
// to the web app's unsubscribe page for that user (with the mail link's signature once hydrated).
import { useEffect, useState } from 'react'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { siteConfig } from '../../../app/site-config'
import { pageTitle } from '../common/product-facts'
import { appUnsubscribeUrl } from './unsubscribe-link'
import '../common/marketing.css'

/** The unsubscribe page. */
export default function UnsubscribePage(props: PageProps) {
  const userId = props.params.userId ?? ''
  const [href, setHref] = useState(() => appUnsubscribeUrl(siteConfig.appUrl, userId, ''))
  useEffect(() => {
    setHref(appUnsubscribeUrl(siteConfig.appUrl, userId, window.location.search))
  }, [userId])
  return (
    <div className="mk-page mk-prose">
      <h1>Unsubscribe from Inkmark emails</h1>
      <p>Your email settings are in the Inkmark web app.</p>
      <p>
        <a className="ink-button ink-button--primary ink-button--md" href={href}>
          Continue to unsubscribe
        </a>
      </p>
    </div>
  )
}

/** The page's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Unsubscribe'),
    description: 'Stop Inkmark emails: continue to your email settings in the web app.',
    robots: 'noindex, nofollow',
  }
}
