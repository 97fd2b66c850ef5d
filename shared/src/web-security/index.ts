// The apps' security headers (CSP, framing, nosniff, referrer) and the Vite plugin that serves and
// ships them: imported by the web app's and the site's Vite configs, the test servers and
// `npm start`, as `@inkmark/shared/web-security`.
export {
  AI_ENDPOINT_CONNECT_SOURCES,
  PADDLE_CHECKOUT_ORIGINS,
  cspHash,
  cspMetaTag,
  headersForPath,
  originOf,
  parseHeadersFile,
  securityHeaders,
  serializePolicy,
  sitePolicy,
  toHeadersFile,
  toNginxSnippet,
  toWebSocketOrigin,
  webappPolicy,
  webappStyleHashes,
  withPaddleCheckout,
  withSources,
} from './security-headers'
export type {
  CspDirectives,
  HeadersRule,
  PaddleCheckoutEnvironment,
  SitePolicyOptions,
  WebappPolicyOptions,
} from './security-headers'
export { HEADERS_FILE, NGINX_SNIPPET_FILE, securityHeadersPlugin } from './vite-plugin'
export type { PolicyMode, SecurityHeadersPluginOptions } from './vite-plugin'
