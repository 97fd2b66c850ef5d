// The spec's discover-feed-info dialog, opened by the info button on /discover (or any link with
// ?dialog=discover-feed-info): what the feed is, that only pages people chose to make public are
// in it, how to share your own and how to report a page.
import { Button } from '@inkmark/design'
import { useId } from 'react'
import { ModalDialog } from '../components/ModalDialog'

/** The discover-feed-info dialog. */
export function DiscoverFeedInfoDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} className="discover-info-dialog" onClose={onClose}>
      <h2 id={titleId}>About the discover feed</h2>
      <p>
        The discover feed lists pages that Inkmark users highlighted and chose to make public, with
        their highlights. Newest shows the most recently shared pages first; Most liked shows the
        pages with the most likes first.
      </p>
      <p>
        Only pages set to Public appear here. Private pages, and pages shared only with people who
        have the link, are never listed. Notes stay hidden unless their owner shows them.
      </p>
      <h3>Share your own</h3>
      <p>
        Open one of your pages, choose Share, and set it to Public. Sharing needs an account whose
        plan includes sharing. You can make a page private again at any time, and it leaves the feed
        at once.
      </p>
      <h3>Report a page</h3>
      <p>
        If a public page breaks the rules or shows something it should not, open it and choose
        Report, then say why. Reported pages are reviewed and can be hidden.
      </p>
      <div className="dialog-actions">
        <Button variant="primary" onPress={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}
