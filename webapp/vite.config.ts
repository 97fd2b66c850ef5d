import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import {
  securityHeadersPlugin,
  webappPolicy,
  webappStyleHashes,
  withPaddleCheckout,
  withSources,
} from '../shared/src/web-security/index'
import { defineConfig } from 'vite'

export const WEBAPP_DEV_PORT = 5173
/** The relay a build talks to when VITE_RELAY_URL names none (as src/account/relay-url.ts says). */
export const WEBAPP_DEFAULT_RELAY_URL = 'http://127.0.0.1:8787'

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // CSP, framing, nosniff, referrer: served in dev and preview, shipped with the build.
    securityHeadersPlugin({
      policy: async (mode, env) => {
        const relayUrl = (env.VITE_RELAY_URL ?? '').trim() || WEBAPP_DEFAULT_RELAY_URL
        // The misc server (docs/adr/065), when the build names one.
        const miscUrl = (env.VITE_MISC_URL ?? '').trim()
        const ownPolicy = webappPolicy({
          relayUrl,
          ...(miscUrl === '' ? {} : { miscUrl }),
          styleHashes: await webappStyleHashes(),
          ...(mode.dev ? { devNonce: mode.nonce } : {}),
        })
        // Paddle's script and checkout frame only in builds for a relay that takes payments
        // through Paddle (ADR 055); the test provider and billing off need neither.
        const paddle = (env.VITE_PADDLE_ENVIRONMENT ?? '').trim()
        const policy =
          paddle === 'sandbox' || paddle === 'production'
            ? withPaddleCheckout(ownPolicy, paddle)
            : ownPolicy
        // Vite's dev server inserts each module's CSS as a style element of its own, nonce'd.
        return mode.dev ? withSources(policy, 'connect-src', mode.serverOrigins) : policy
      },
    }),
  ],
  server: { host: '127.0.0.1', port: WEBAPP_DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: WEBAPP_DEV_PORT, strictPort: true },
})
