import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export const WEBAPP_DEV_PORT = 5173

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: { host: '127.0.0.1', port: WEBAPP_DEV_PORT, strictPort: true },
  preview: { host: '127.0.0.1', port: WEBAPP_DEV_PORT, strictPort: true },
})
