// What the web app shows while the library opens (most of a second for a large library): the
// header, and on the dashboard the rows it showed last time for the same view, from the snapshot
// the live dashboard keeps (../dashboard/first-screen-snapshot.ts). Links and the URL's controls
// work already; what needs the library waits for it (docs/adr/021-first-screen-snapshot.md).
import { useLocation } from '@tanstack/react-router'
import { AccountMenu } from '../account/AccountMenu'
import { DashboardFirstScreen } from '../dashboard/Dashboard'
import { useDashboardView } from '../dashboard/use-dashboard-view'
import { AppHeader, useSearchShortcut } from './AppHeader'
import { useDialog } from './use-dialog'

function OpeningNotice() {
  return (
    <p className="notice" role="status">
      Opening your library…
    </p>
  )
}

/** The dashboard's view from the URL, drawn from its snapshot when it has one. */
function DashboardOpening() {
  const rawSearch = useLocation({ select: (location) => location.search })
  const { search, onSearchChange } = useDashboardView(rawSearch)
  return (
    <DashboardFirstScreen
      search={search}
      onSearchChange={onSearchChange}
      fallback={<OpeningNotice />}
    />
  )
}

/** The page while the library opens. */
export function FirstScreen() {
  const { openDialog } = useDialog()
  const pathname = useLocation({ select: (location) => location.pathname })
  useSearchShortcut(openDialog)
  return (
    <div className="app">
      <AppHeader onOpenDialog={openDialog} account={<AccountMenu />} />
      <main id="main" className="app-main" tabIndex={-1}>
        {pathname === '/' ? <DashboardOpening /> : <OpeningNotice />}
      </main>
    </div>
  )
}
