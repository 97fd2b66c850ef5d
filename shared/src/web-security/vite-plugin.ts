// The Vite plugin that ships the security headers with an app (ADR 032): the dev server and the
// preview server send them; a build writes `_headers` (Netlify, Cloudflare Pages) and
// `security-headers.nginx.conf` beside index.html, and puts the policy into index.html as a
// `<meta http-equiv>` for hosts that set no headers. In development Vite's own inline preamble and
// style elements carry a nonce made when the server starts, and hot reload may connect back.
import type { Plugin } from 'vite'
import {
  cspMetaTag,
  securityHeaders,
  toHeadersFile,
  toNginxSnippet,
  withSources,
  type CspDirectives,
} from './security-headers'

/** Where the policy is used: a build (and its preview), or the dev server with its nonce. */
export type PolicyMode = { dev: false } | { dev: true; nonce: string; serverOrigins: string[] }

/** The options of `securityHeadersPlugin`. */
export interface SecurityHeadersPluginOptions {
  /** The app's policy; called once the config (and so the env) is resolved. */
  policy: (mode: PolicyMode, env: Record<string, string>) => CspDirectives | Promise<CspDirectives>
}

/** File names written next to index.html. */
export const HEADERS_FILE = '_headers'
export const NGINX_SNIPPET_FILE = 'security-headers.nginx.conf'

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
}

/** Sends, writes and embeds an app's security headers (see the module comment). */
export function securityHeadersPlugin(options: SecurityHeadersPluginOptions): Plugin {
  const nonce = randomNonce()
  let headers: Record<string, string> = {}
  let policy: CspDirectives = {}
  let building = false
  let dev = false
  return {
    name: 'inkmark-security-headers',
    config(_config, { command, isPreview }) {
      dev = command === 'serve' && isPreview !== true
      // Vite puts this nonce on the scripts and styles it writes into the page in development.
      return dev ? { html: { cspNonce: nonce } } : undefined
    },
    async configResolved(config) {
      building = config.command === 'build'
      const host = config.server.host
      const hostName = typeof host === 'string' && host !== '' ? host : 'localhost'
      const origins = [`http://${hostName}:${config.server.port}`]
      const mode: PolicyMode = dev ? { dev, nonce, serverOrigins: origins } : { dev: false }
      policy = await options.policy(mode, config.env as Record<string, string>)
      if (dev) {
        // Hot reload's WebSocket back to the dev server.
        policy = withSources(
          policy,
          'connect-src',
          origins.map((origin) => origin.replace(/^http/, 'ws')),
        )
      }
      headers = securityHeaders(policy)
    },
    configureServer(server) {
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) {
          response.setHeader(name, value)
        }
        next()
      })
    },
    configurePreviewServer(server) {
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) {
          response.setHeader(name, value)
        }
        next()
      })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!building) {
          return html
        }
        // First in <head>, after the charset, so that it governs every script and style below.
        return html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => {
          return `${charset}\n    ${cspMetaTag(policy)}`
        })
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: toHeadersFile(headers) })
      this.emitFile({
        type: 'asset',
        fileName: NGINX_SNIPPET_FILE,
        source: toNginxSnippet(headers),
      })
    },
  }
}
