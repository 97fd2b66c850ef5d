import react from '@vitejs/plugin-react'
import { securityHeadersPlugin, sitePolicy } from '../shared/src/web-security/index'
import { defineConfig } from 'vite'

export const SITE_DEV_PORT = 5174

export default defineConfig({
  plugins: [
    react(),
    // CSP, framing, nosniff, referrer: served in dev and preview, shipped with the build.
    securityHeadersPlugin({
      policy: (mode) => sitePolicy(mode.dev ? { devNonce: mode.nonce } : {}),
    }),
  ],
  server: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
})
