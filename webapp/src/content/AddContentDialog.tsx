// The spec's add-content dialog: tabs Text (the default), URL and PDF. Text writes user content,
// URL saves a page, PDF is the PDF upload (webapp/src/pdf). Importing files from other services
// is a dialog of its own (`?dialog=import`, ADR 019), linked from here.
import { useId } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { Tabs } from '../components/Tabs'
import { PdfUploadTab } from '../pdf/PdfUploadTab'
import { TextContentTab } from './TextContentTab'
import { UrlContentTab } from './UrlContentTab'
import type { AddContentType } from './add-content-type'
import './content.css'

/** Props of AddContentDialog. */
export interface AddContentDialogProps {
  contentType: AddContentType
  onSelectType: (type: AddContentType) => void
  onImport: () => void
  onClose: () => void
}

/** The add-content dialog, open while rendered. */
export function AddContentDialog({
  contentType,
  onSelectType,
  onImport,
  onClose,
}: AddContentDialogProps) {
  const headingId = useId()
  return (
    <ModalDialog labelledBy={headingId} className="add-content-dialog" onClose={onClose}>
      <div className="dialog-heading">
        <h2 id={headingId}>Add content</h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      <Tabs
        label="Kind of content"
        selected={contentType}
        onSelect={(id) => onSelectType(id as AddContentType)}
        tabs={[
          { id: 'text', label: 'Text', panel: <TextContentTab /> },
          { id: 'url', label: 'URL', panel: <UrlContentTab /> },
          // The PDF tab opens the viewer route once the file is stored, which closes this dialog.
          { id: 'pdf', label: 'PDF', panel: <PdfUploadTab onDone={onPdfStored} /> },
        ]}
      />
      <p className="add-content-import">
        Moving from Pocket, Diigo, Weava, Kindle, Hypothesis, Omnivore or browser bookmarks?{' '}
        <button type="button" className="link-button" onClick={onImport}>
          Import a file
        </button>
      </p>
    </ModalDialog>
  )
}

function onPdfStored(): void {
  // Nothing to do here: the PDF tab navigates to the viewer, and the dialog closes with the URL.
}
