// The marketing routes: each page its own chunk, loaded on demand (the site-core concatenates this
// list with the others). Parameterised routes validate their parameter (else the 404 page) and
// name the concrete paths to prerender.
import type { SiteRoute } from '../../app/route-types'
import { isUserIdShape } from './account/unsubscribe-link'
import { extensionPaths, isExtensionAppParam } from './extensions/extension-route'

/** Every marketing route. */
export const MARKETING_ROUTES: SiteRoute[] = [
  { pattern: '/', load: () => import('./HomePage') },
  { pattern: '/about', load: () => import('./AboutPage') },
  { pattern: '/faq', load: () => import('./FaqPage') },
  { pattern: '/premium', load: () => import('./PremiumPage') },
  { pattern: '/pricing', load: () => import('./pricing/PricingPage') },
  { pattern: '/docs', load: () => import('./DocsPage') },
  { pattern: '/install', load: () => import('./install/InstallPage') },
  { pattern: '/install/firefox', load: () => import('./install/FirefoxInstallPage') },
  { pattern: '/extensions', load: () => import('./extensions/ExtensionsPage') },
  {
    pattern: '/extensions/:app',
    load: () => import('./extensions/ExtensionPage'),
    isValid: isExtensionAppParam,
    prerenderPaths: () => extensionPaths(''),
  },
  {
    pattern: '/extensions/:app/install',
    load: () => import('./extensions/ExtensionInstallPage'),
    isValid: isExtensionAppParam,
    prerenderPaths: () => extensionPaths('/install'),
  },
  {
    pattern: '/extensions/:app/welcome',
    load: () => import('./extensions/ExtensionWelcomePage'),
    isValid: isExtensionAppParam,
    prerenderPaths: () => extensionPaths('/welcome'),
  },
  { pattern: '/legal', load: () => import('./legal/LegalIndexPage') },
  { pattern: '/legal/privacy-policy', load: () => import('./legal/PrivacyPolicyPage') },
  { pattern: '/legal/terms-of-service', load: () => import('./legal/TermsPage') },
  { pattern: '/legal/imprint', load: () => import('./legal/ImprintPage') },
  { pattern: '/auth', load: () => import('./account/AuthPage') },
  {
    pattern: '/auth/:segment',
    load: () => import('./account/AuthPage'),
    prerenderPaths: () => [],
  },
  { pattern: '/successfully-logged-in', load: () => import('./account/SignedInPage') },
  { pattern: '/redirect/product-hunt', load: () => import('./account/ProductHuntPage') },
  {
    pattern: '/unsubscribe/:userId',
    load: () => import('./account/UnsubscribePage'),
    isValid: (params) => isUserIdShape(params.userId),
    prerenderPaths: () => [],
  },
]
