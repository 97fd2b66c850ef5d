// The sidebar's way to share the page it is open on (ADR 062): a "Share this page" button that
// opens the extension's share control under it, so the list of highlights stays first.
import { Button } from '@inkmark/design'
import { useId, useState } from 'react'
import { SharePanel } from '../sharing/SharePanel'

export function SidebarShare({ bookmarkId }: { bookmarkId: string }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <section className="sidebar-share" aria-label="Sharing">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPress={() => setOpen(!open)}
      >
        Share this page
      </Button>
      {open ? (
        <div id={panelId} style={{ marginTop: 'var(--ink-space-3)' }}>
          <SharePanel bookmarkId={bookmarkId} />
        </div>
      ) : null}
    </section>
  )
}
