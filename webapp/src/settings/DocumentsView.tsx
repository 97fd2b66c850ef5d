// The Saved documents view: the reader copies of pages kept in this browser, and how much of the
// plan's storage they use: the signed-in person's plan, or the logged-out one (the Free quota).
import { QuotaPlan, formatBytes, pageContentQuotaBytes } from '@inkmark/shared'
import { useSession } from '../account/SessionProvider'
import { Link } from '@tanstack/react-router'
import { useLibraryQuery, useLocalStore } from '../library/LibraryProvider'
import { toWebUrl } from '../lib/safe-url'

/** The Saved documents view. */
export function DocumentsView() {
  const plan: QuotaPlan = useSession().session?.plan ?? QuotaPlan.OFFLINE
  const documents = useLibraryQuery((store) => store.getAllPageContents(), [])
  const used = useLibraryQuery((store) => store.getPageContentSizeUsedInBytes(), [])
  const quota = pageContentQuotaBytes(plan)
  const store = useLocalStore()
  const autoSave = useLibraryQuery(
    (library) => library.getChromeSettings().autoDownloadPageContent === true,
    [],
  )
  return (
    <div className="settings-sections">
      <section aria-labelledby="saving-heading">
        <h2 id="saving-heading">Saving</h2>
        <label>
          <input
            type="checkbox"
            checked={autoSave}
            onChange={(event) =>
              void store.updateChromeSettings({ autoDownloadPageContent: event.target.checked })
            }
          />{' '}
          Save the article of each page I highlight or save, to read it offline
        </label>
      </section>
      <section aria-labelledby="storage-heading">
        <h2 id="storage-heading">Storage</h2>
        <label className="storage-meter">
          {formatBytes(used)} of {formatBytes(quota)} used
          <meter min={0} max={quota} value={Math.min(used, quota)} />
        </label>
      </section>
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">Saved documents ({documents.length})</h2>
        {documents.length === 0 ? (
          <p>No saved documents yet. Pages you keep for the reader appear here.</p>
        ) : (
          <ul className="documents-list">
            {documents.map((document) => {
              const href = toWebUrl(document.url)
              const name = document.title?.trim() || document.url
              return (
                <li key={document._id}>
                  {href === undefined ? name : <a href={href}>{name}</a>}{' '}
                  <span className="muted">{formatBytes(document.length ?? 0)}</span>{' '}
                  <Link
                    to="/reader"
                    search={{ url: document.url, pageContent: document._id }}
                    aria-label={`Read ${name} offline`}
                  >
                    Read
                  </Link>
                </li>
              )
            })}
          </ul>
        )}
      </section>
    </div>
  )
}
