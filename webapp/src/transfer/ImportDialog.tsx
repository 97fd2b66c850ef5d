// The import dialog (`?dialog=import`, opened from Settings > Backup and from the add-content
// dialog; ADR 019 says why it is not an add-content tab): pick a file from another service, see
// its format detected, a progress bar while it is read and written, then how many pages and
// highlights came in and how many items were skipped. A refused file shows the spec's message.
import { ImportFileError, TOAST_DURATION_MS } from '@inkmark/shared'
import { useId, useState, type ChangeEvent } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import {
  importAcceptAttribute,
  runImport,
  type ImportProgress,
  type ImportSummary,
} from './import-run'

type ImportState =
  | { step: 'pick' }
  | { step: 'running'; fileName: string; progress: ImportProgress }
  | { step: 'done'; fileName: string; summary: ImportSummary }
  | { step: 'failed'; fileName: string; message: string }

/** Props of ImportDialog. */
export interface ImportDialogProps {
  onClose: () => void
}

/** The import dialog, open while rendered. */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const store = useLocalStore()
  const { showToast } = useToast()
  const [state, setState] = useState<ImportState>({ step: 'pick' })
  const headingId = useId()
  const inputId = useId()

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file === undefined) {
      return
    }
    const fileName = file.name
    setState({
      step: 'running',
      fileName,
      progress: { formatName: '', phase: 'reading', done: 0, total: 0 },
    })
    try {
      const text = await file.text()
      const summary = await runImport(store, fileName, text, (progress) =>
        setState({ step: 'running', fileName, progress }),
      )
      setState({ step: 'done', fileName, summary })
    } catch (error) {
      const message =
        error instanceof ImportFileError ? error.message : 'Something went wrong. Try again later.'
      setState({ step: 'failed', fileName, message })
      showToast({ message, kind: 'error', durationMs: TOAST_DURATION_MS, id: 'import-error' })
    }
  }

  return (
    <ModalDialog labelledBy={headingId} className="import-dialog" onClose={onClose}>
      <h2 id={headingId}>Import highlights and bookmarks</h2>
      <p>
        Files exported from Pocket (CSV, JSON, HTML), Diigo (CSV), Weava (CSV), Kindle (My
        Clippings.txt or a notebook page) or your browser&apos;s bookmarks (HTML).
      </p>
      <label htmlFor={inputId} className="field-label">
        File to import
      </label>
      <input
        id={inputId}
        type="file"
        accept={importAcceptAttribute()}
        disabled={state.step === 'running'}
        onChange={(event) => void onFile(event)}
      />
      {state.step === 'running' && <ImportProgressBar progress={state.progress} />}
      {state.step === 'done' && <ImportCounts summary={state.summary} />}
      {state.step === 'failed' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {state.step === 'done' ? 'Done' : 'Close'}
        </button>
      </div>
    </ModalDialog>
  )
}

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const label = progress.phase === 'reading' ? 'Reading the file' : 'Saving to your library'
  return (
    <div className="import-progress">
      {progress.formatName !== '' && <p>Detected format: {progress.formatName}</p>}
      <label>
        {label}
        <progress
          max={Math.max(progress.total, 1)}
          value={progress.total === 0 ? undefined : progress.done}
        />
      </label>
    </div>
  )
}

function ImportCounts({ summary }: { summary: ImportSummary }) {
  return (
    <div role="status" className="import-counts">
      <p>Import of the {summary.formatName} file finished.</p>
      <ul>
        <li>
          Imported: {summary.imported.bookmarks} pages, {summary.imported.marks} highlights
        </li>
        <li>Skipped: {summary.skipped}</li>
        {summary.errors > 0 && <li>Not readable: {summary.errors}</li>}
      </ul>
    </div>
  )
}
