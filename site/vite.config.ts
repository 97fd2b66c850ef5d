import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export const SITE_DEV_PORT = 5174

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: SITE_DEV_PORT, strictPort: true },
})
