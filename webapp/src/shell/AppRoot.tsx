// The root route's component: the library and what lives on it (the colour mode, sync) around the
// app's layout. It sits inside the router so that the first screen, shown while the library
// opens, can already link and read the URL.
import { LibraryProvider } from '../library/LibraryProvider'
import { ColorModeSync } from '../settings/ColorModeSync'
import { SyncProvider } from '../sync/SyncProvider'
import { AppLayout } from './AppLayout'
import { FirstScreen } from './FirstScreen'

/** The whole app below the router. */
export function AppRoot() {
  return (
    <LibraryProvider opening={<FirstScreen />}>
      <ColorModeSync />
      <SyncProvider>
        <AppLayout />
      </SyncProvider>
    </LibraryProvider>
  )
}
