// The import dialog (`?dialog=import`, opened from Settings > Backup and from the add-content
// dialog; ADR 019 says why it is not an add-content tab): pick a file from another service, see
// its format detected, a progress bar while it is read and written, then how many pages and
// highlights came in and, in collapsible lists that can be copied, every item skipped or given the
// import date, with its row and why (ADR 038). A refused file shows the spec's message. A large
// import keeps prompts away for a day (prompts/import-quiet.ts).
import {
  ImportFileError,
  TOAST_DURATION_MS,
  countLabel,
  dateNoticeReportLines,
  errorReportLines,
  reportText,
  skippedHeading,
  skippedReportLines,
  type ImportReportLine,
} from '@inkmark/shared'
import { useId, useState, type ChangeEvent } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useToast } from '../components/Toasts'
import { useLocalStore } from '../library/LibraryProvider'
import { LAST_LARGE_IMPORT_KEY, isLargeImport } from '../prompts/import-quiet'
import './import-dialog.css'
import {
  importAcceptAttribute,
  readsAsBytes,
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
      const content = readsAsBytes(fileName)
        ? new Uint8Array(await file.arrayBuffer())
        : await file.text()
      const summary = await runImport(
        store,
        fileName,
        content,
        (progress) => setState({ step: 'running', fileName, progress }),
        Date.now(),
        ({ bookmarks }) => {
          if (isLargeImport(bookmarks)) {
            store.device.setValue(LAST_LARGE_IMPORT_KEY, Date.now())
          }
        },
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
      <h2 id={headingId}>Import pages and highlights</h2>
      <p>
        Files exported from Pocket (CSV, JSON, HTML), Diigo (CSV), Weava (CSV), Kindle (My
        Clippings.txt or a notebook page), Hypothesis (JSON), Omnivore (its export zip or a metadata
        JSON), any Web Annotation (W3C) tool such as Inkmark (JSON-LD) or your browser&apos;s
        bookmarks (HTML). Pages keep the dates they were saved on; Hypothesis and Web Annotation
        highlights keep their place on the page, Omnivore highlights their quote (and its context
        where the file has it) to find it again.
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
  const unit = progress.phase === 'reading' ? 'item' : 'page or highlight'
  const units = progress.phase === 'reading' ? 'items' : 'pages and highlights'
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
      {progress.total > 0 && (
        <p className="import-progress-count" aria-live="polite">
          {progress.done.toLocaleString('en-US')} of {countLabel(progress.total, unit, units)}
        </p>
      )}
    </div>
  )
}

function ImportCounts({ summary }: { summary: ImportSummary }) {
  const { itemName } = summary
  const skipped = [
    ...skippedReportLines(summary.skipped, itemName),
    ...errorReportLines(summary.errors, itemName),
  ]
  const undated = dateNoticeReportLines(summary.dateNotices, itemName)
  return (
    <div role="status" className="import-counts">
      <p>Import of the {summary.formatName} file finished.</p>
      <ul>
        <li>
          Imported: {countLabel(summary.imported.bookmarks, 'page')},{' '}
          {countLabel(summary.imported.marks, 'highlight')}
        </li>
        <li>Skipped: {countLabel(skipped.length, itemName)}</li>
        {summary.notesAddedToLibrary > 0 && (
          <li>
            Notes added to highlights already in your library:{' '}
            {countLabel(summary.notesAddedToLibrary, 'highlight')}
          </li>
        )}
        {undated.length > 0 && (
          <li>Imported with the import date: {countLabel(undated.length, itemName)}</li>
        )}
      </ul>
      {skipped.length > 0 && (
        <ImportReportList heading={skippedHeading(skipped.length, itemName)} lines={skipped} />
      )}
      {undated.length > 0 && (
        <ImportReportList
          heading={`${countLabel(undated.length, itemName)} without a usable date`}
          lines={undated}
        />
      )}
    </div>
  )
}

/** The shown parts of a report line, by class name. */
function reportParts(line: ImportReportLine): [string, string][] {
  const parts: [string, string | undefined][] = [
    ['import-report-place', line.place],
    ['import-report-reason', line.reason],
    ['import-report-title', line.title],
    ['import-report-url', line.url],
  ]
  return parts.filter((part): part is [string, string] => part[1] !== undefined && part[1] !== '')
}

/** A collapsible list of report lines with a button that copies it as text. */
function ImportReportList({
  heading,
  lines,
}: {
  heading: string
  lines: readonly ImportReportLine[]
}) {
  const { showToast } = useToast()
  async function copy() {
    try {
      await navigator.clipboard.writeText(reportText(heading, lines))
      showToast({ message: 'List copied', kind: 'success', durationMs: TOAST_DURATION_MS })
    } catch {
      showToast({
        message: 'Could not copy. Select the list and copy it instead.',
        kind: 'error',
        durationMs: TOAST_DURATION_MS,
      })
    }
  }
  return (
    <details className="import-report">
      <summary>{heading}</summary>
      {/* Focusable so that the keyboard can scroll a long list. */}
      <ol className="import-report-lines" tabIndex={0} aria-label={heading}>
        {lines.map((line, index) => (
          <li key={index}>
            {reportParts(line).map(([className, text], part) => (
              <span key={className}>
                {part > 0 && (
                  <span aria-hidden="true" className="import-report-separator">
                    {' · '}
                  </span>
                )}
                <span className={className}>{text}</span>
              </span>
            ))}
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={() => void copy()}>
        Copy the list
      </button>
    </details>
  )
}
