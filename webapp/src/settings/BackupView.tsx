// The Backup view: download the whole library as the backup file, restore a backup file (it
// replaces the library; the store puts the old data back if the swap fails), open the import
// dialog for other services' files, download the exports for other tools, and review what was
// too large to sync.
import { BACKUP_DOWNLOAD_DELAY_MS, parseBackupFile } from '@inkmark/shared'
import { useId, useState, type ChangeEvent } from 'react'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import { useDialog } from '../shell/use-dialog'
import { downloadFile } from '../transfer/download'
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, toExportFile } from '../transfer/export-files'
import { backupImportToast, invalidBackupFileToast, parseBackupText } from './backup-messages'
import { TooLargeSection } from './TooLargeSection'
import { recordProductEvent } from './usage-counts'

/** The Backup view. */
export function BackupView() {
  const store = useLocalStore()
  const { showToast } = useToast()
  const { openDialog } = useDialog()
  const [restoring, setRestoring] = useState(false)
  // A valid backup waits here for the person to confirm that it replaces the library.
  const [pending, setPending] = useState<{ name: string; json: unknown } | null>(null)
  const restoreInputId = useId()

  async function exportBackup() {
    const { fileName, file } = await store.getBackupData()
    const text = JSON.stringify(file)
    // The spec starts the download a moment after the click.
    window.setTimeout(
      () => downloadFile({ fileName, mimeType: 'application/json', text }),
      BACKUP_DOWNLOAD_DELAY_MS,
    )
    recordProductEvent('export_completed')
  }

  async function chooseBackup(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    setPending(null)
    if (file === undefined) {
      return
    }
    // Checked before asking, so a wrong file is refused at once and the library is never touched.
    const json = parseBackupText(await file.text())
    if (json === undefined || !parseBackupFile(json).ok) {
      showToast(invalidBackupFileToast())
      return
    }
    setPending({ name: file.name, json })
  }

  async function restoreBackup(json: unknown) {
    setPending(null)
    setRestoring(true)
    try {
      const outcome = await store.importBackupData(json)
      showToast(backupImportToast(outcome))
      recordProductEvent('import_completed')
    } finally {
      setRestoring(false)
    }
  }

  function exportAs(format: (typeof EXPORT_FORMATS)[number]) {
    const library = { bookmarks: store.getAllBookmarks(), marks: store.getAllMarks() }
    downloadFile(toExportFile(format, library, Date.now()))
    recordProductEvent('export_completed')
  }

  return (
    <div className="settings-sections">
      <section aria-labelledby="backup-file-heading">
        <h2 id="backup-file-heading">Backup file</h2>
        <p>Download everything (pages, highlights, settings, saved documents) as one file.</p>
        <button type="button" className="button" onClick={() => void exportBackup()}>
          Download backup
        </button>
        <h3>Restore a backup</h3>
        <p>Restoring replaces the data in this browser with the backup&apos;s contents.</p>
        <label htmlFor={restoreInputId} className="field-label">
          Backup file to restore
        </label>
        <input
          id={restoreInputId}
          type="file"
          accept=".json,application/json"
          disabled={restoring}
          onChange={(event) => void chooseBackup(event)}
        />
        {pending !== null && (
          <div className="confirm" role="group" aria-label="Confirm restore">
            <p>Replace everything in this browser with the contents of {pending.name}?</p>
            <button
              type="button"
              className="button danger"
              onClick={() => void restoreBackup(pending.json)}
            >
              Restore backup
            </button>{' '}
            <button type="button" className="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        )}
      </section>
      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import from other services</h2>
        <p>
          Bring in pages and highlights from Pocket, Diigo, Weava, Kindle, Hypothesis, Omnivore, Web
          Annotation (W3C) files or your browser.
        </p>
        <button type="button" className="button" onClick={() => openDialog('import')}>
          Import a file…
        </button>
      </section>
      <section aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <p>Download your pages and highlights for other tools.</p>
        <ul className="export-buttons">
          {EXPORT_FORMATS.map((format) => (
            <li key={format}>
              <button type="button" className="button" onClick={() => exportAs(format)}>
                {EXPORT_FORMAT_LABELS[format]}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button" onClick={() => void exportBackup()}>
              Backup JSON
            </button>
          </li>
        </ul>
      </section>
      <TooLargeSection />
    </div>
  )
}
