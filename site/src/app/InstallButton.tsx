// The 'Add to {Browser} Browser - it's free' button: a link to the extension's store page for a
// browser (given, else the visitor's own after hydration, Chrome in the HTML). With
// shouldHideLabelOnMobile the narrow layout shows the short 'Add to {Browser}'; the full label
// stays the link's name.
import { useEffect, useState } from 'react'
import { BROWSER_NAMES, browserOfUserAgent, toInstallBrowser, type InstallBrowser } from './browser'
import { siteConfig } from './site-config'

export type InstallAppType = 'highlighter' | 'reader' | 'youtubeHighlighter'

export interface InstallButtonProps {
  browser?: InstallBrowser
  appType?: InstallAppType
  isPrimary?: boolean
  shouldHideLabelOnMobile?: boolean
}

/** The button's label: 'Add to Chrome Browser - it's free'. */
export function installLabel(browser: InstallBrowser): string {
  return `Add to ${BROWSER_NAMES[browser]} Browser - it's free`
}

export function InstallButton({
  browser,
  appType = 'highlighter',
  isPrimary = false,
  shouldHideLabelOnMobile = false,
}: InstallButtonProps) {
  const [visitorBrowser, setVisitorBrowser] = useState<InstallBrowser>('chrome')
  useEffect(() => {
    if (browser === undefined) {
      setVisitorBrowser(browserOfUserAgent(navigator.userAgent))
    }
  }, [browser])
  const shown = browser === undefined ? visitorBrowser : toInstallBrowser(browser)
  const label = installLabel(shown)
  const classes = [
    'ink-button',
    isPrimary ? 'ink-button--primary' : 'ink-button--secondary',
    'ink-button--md',
    'site-install',
  ].join(' ')
  return (
    <a
      className={classes}
      href={siteConfig.storeUrls[shown]}
      target="_blank"
      rel="noopener noreferrer"
      data-browser={shown}
      data-app-type={appType}
    >
      {shouldHideLabelOnMobile ? (
        <>
          <span className="site-install__full">{label}</span>
          <span className="site-install__short" aria-hidden="true">
            Add to {BROWSER_NAMES[shown]}
          </span>
        </>
      ) : (
        label
      )}
    </a>
  )
}
