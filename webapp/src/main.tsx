import { RouterProvider, createRouter } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ToastProvider } from './components/Toasts'
import { SessionProvider } from './account/SessionProvider'
import { applyRememberedTheme } from './settings/color-mode'
import { openLibrary } from './library/library-store'
import { routeTree } from './routeTree.gen'
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import './styles.css'

// Start reading the library now, while React and the first route's code load; LibraryProvider
// (in the root route, ./shell/AppRoot.tsx) waits for this same promise and reports a failure.
openLibrary().catch(() => undefined)
// The colour mode is a setting in the library: until it is open, the one applied last time holds.
applyRememberedTheme()

const router = createRouter({ routeTree })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

const rootElement = document.getElementById('root')
if (!rootElement) {
  throw new Error('The page has no #root element')
}
createRoot(rootElement).render(
  <StrictMode>
    <ToastProvider>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ToastProvider>
  </StrictMode>,
)
