// The header's destinations in one menu, for narrow screens (360-430 px) where the links and the
// account corner do not fit on one row (docs/adr/040-mobile-layout.md). React Aria's menu gives the
// keyboard (Enter or Space opens, arrows move, Escape closes and returns focus) and touch.
import { Button, Menu, MenuItem, MenuSection, MenuTrigger } from '@inkmark/design'
import { useNavigate } from '@tanstack/react-router'
import { useSession } from '../account/SessionProvider'
import { useSync } from '../sync/SyncProvider'
import type { useDialog } from './use-dialog'

type OpenDialog = ReturnType<typeof useDialog>['openDialog']

/** The menu button and its menu: the main navigation, then the account's destinations. */
export function HeaderMenu({
  onOpenDialog,
  chatEnabled,
}: {
  onOpenDialog: OpenDialog
  /** Whether Ask your library is listed (the relay's isAiChatEnabled flag). */
  chatEnabled: boolean
}) {
  const navigate = useNavigate()
  const { session, signOut } = useSession()
  const sync = useSync()
  return (
    <MenuTrigger>
      <Button className="header-menu-button" aria-label="Menu">
        <span aria-hidden="true" className="header-menu-icon">
          ☰
        </span>
        Menu
      </Button>
      <Menu aria-label="Menu" placement="bottom end" className="header-menu">
        <MenuSection title="Go to">
          <MenuItem id="dashboard" onAction={() => void navigate({ to: '/' })}>
            Dashboard
          </MenuItem>
          <MenuItem id="learning" onAction={() => void navigate({ to: '/learning' })}>
            Learning
          </MenuItem>
          <MenuItem id="sharing" onAction={() => void navigate({ to: '/sharing' })}>
            Sharing
          </MenuItem>
          <MenuItem id="discover" onAction={() => void navigate({ to: '/discover' })}>
            Discover
          </MenuItem>
          {chatEnabled ? (
            <MenuItem id="ask" onAction={() => void navigate({ to: '/ask' })}>
              Ask your library
            </MenuItem>
          ) : null}
          <MenuItem id="add-content" onAction={() => onOpenDialog('add-content')}>
            Add content
          </MenuItem>
          <MenuItem id="search" onAction={() => onOpenDialog('search')}>
            Search
          </MenuItem>
          <MenuItem id="settings" onAction={() => void navigate({ to: '/settings' })}>
            Settings
          </MenuItem>
        </MenuSection>
        {session === null ? (
          <MenuSection title="Account">
            <MenuItem id="login" onAction={() => void navigate({ to: '/login' })}>
              Log in
            </MenuItem>
            <MenuItem id="sign-up" onAction={() => void navigate({ to: '/sign-up' })}>
              Sign up
            </MenuItem>
          </MenuSection>
        ) : (
          <MenuSection title={`Account (plan: ${session.planName})`}>
            {sync.active ? (
              <MenuItem id="sync-now" onAction={() => sync.syncNow()}>
                Sync now
              </MenuItem>
            ) : null}
            <MenuItem id="account" onAction={() => void navigate({ to: '/account' })}>
              Account
            </MenuItem>
            <MenuItem id="logout" onAction={() => signOut()}>
              Log out
            </MenuItem>
          </MenuSection>
        )}
      </Menu>
    </MenuTrigger>
  )
}
