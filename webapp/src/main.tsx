import { RouterProvider, createRouter } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ToastProvider } from './components/Toasts'
import { SessionProvider } from './account/SessionProvider'
import { LibraryProvider } from './library/LibraryProvider'
import { openLibrary } from './library/library-store'
import { routeTree } from './routeTree.gen'
import { ColorModeSync } from './settings/ColorModeSync'
import { SyncProvider } from './sync/SyncProvider'
import './styles.css'

// Start reading the library now, while React and the first route's code load; LibraryProvider
// waits for this same promise (and reports a failure itself).
openLibrary().catch(() => undefined)

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
    <LibraryProvider>
      <ToastProvider>
        <ColorModeSync />
        <SessionProvider>
          <SyncProvider>
            <RouterProvider router={router} />
          </SyncProvider>
        </SessionProvider>
      </ToastProvider>
    </LibraryProvider>
  </StrictMode>,
)
