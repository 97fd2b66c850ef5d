// The site's build (docs/adr/071): a client build (one chunk per page, a manifest for the
// prerender's modulepreloads, the build markers of update detection) and an SSR build of
// src/entry-server.tsx that the prerender script (scripts/prerender.ts) runs to write every page.
import react from '@vitejs/plugin-react'
import { relative } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { securityHeadersPlugin, sitePolicy } from '../shared/src/web-security/index'
import { readSiteConfig } from './src/app/site-config-read'

export const SITE_DEV_PORT = 5174

/** This build's id: SITE_BUILD_ID when the caller names one, else the time and a random part. */
const buildId =
  process.env.SITE_BUILD_ID ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const builtAt = new Date().toISOString()

/** The client build writes builds/latest.json and builds/meta/{buildId}.json (update detection). */
function buildMarkersPlugin(): Plugin {
  let ssr = false
  return {
    name: 'inkmark-site-build-markers',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    generateBundle() {
      if (ssr) {
        return
      }
      const marker = `${JSON.stringify({ buildId, builtAt })}\n`
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: marker })
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source: marker })
    },
  }
}

/**
 * In the SSR build every module of src/ says its own source path (`__siteSource`), so that the
 * prerender finds a page's chunk (and its CSS) in the client manifest for the modulepreload.
 */
function sourcePathPlugin(): Plugin {
  let root = ''
  let ssr = false
  return {
    name: 'inkmark-site-source-path',
    configResolved(config) {
      root = config.root
      ssr = Boolean(config.build.ssr)
    },
    transform(code, id) {
      if (!ssr || !/\/src\/.*\.tsx?$/.test(id) || id.includes('node_modules')) {
        return undefined
      }
      const source = relative(root, id.split('?')[0] ?? id)
      return { code: `${code}\nexport const __siteSource = ${JSON.stringify(source)}\n`, map: null }
    },
  }
}

export default defineConfig({
  define: { __SITE_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    buildMarkersPlugin(),
    sourcePathPlugin(),
    // CSP, framing, nosniff, referrer: served in dev and preview, shipped with the build.
    securityHeadersPlugin({
      policy: (mode, env) => {
        const config = readSiteConfig(env)
        return sitePolicy({
          relayUrl: config.relayUrl,
          miscUrl: config.miscUrl,
          appUrl: config.appUrl,
          ...(mode.dev ? { devNonce: mode.nonce } : {}),
        })
      },
    }),
  ],
  // SITE_STAGE (development, preview, production) decides whether sample content may show.
  envPrefix: ['VITE_', 'SITE_STAGE'],
  build: {
    manifest: true,
    rollupOptions: {
      // The shared package is plain modules without side effects on import; its index re-exports
      // everything (pdf.js, the store), so without this a page that needs one price constant
      // would carry all of it (the site's JS budget is 80 KB gzip per route).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]shared[\\/]src[\\/]/.test(id) },
    },
  },
  server: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
})
