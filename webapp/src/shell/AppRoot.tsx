// The root route's component: the library and what lives on it (the colour mode, sync, the AI
// context every AI screen uses) around the app's layout. It sits inside the router so that the
// first screen, shown while the library opens, can already link and read the URL.
import { AiProviderContext } from '../ai/AiProviderContext'
import { UpgradeNeededProvider } from '../billing/UpgradeNeededProvider'
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
        <AiProviderContext>
          <UpgradeNeededProvider>
            <AppLayout />
          </UpgradeNeededProvider>
        </AiProviderContext>
      </SyncProvider>
    </LibraryProvider>
  )
}
