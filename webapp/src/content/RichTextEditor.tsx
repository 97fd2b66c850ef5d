// The content editor: Slate with the content rules (editor-commands.ts), a toolbar, and the
// keyboard shortcuts Ctrl+B, Ctrl+I, Ctrl+U (marks), Ctrl+] and Ctrl+[ (indent), Ctrl+K (link).
// Tab is left alone, so that the keyboard can always leave the text. Read-only, it shows the same
// document without toolbar, through the same rendering.
import { YjsEditor, withYHistory, withYjs } from '@slate-yjs/core'
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import { createEditor, type Descendant } from 'slate'
import { withHistory } from 'slate-history'
import type * as Y from 'yjs'
import { Editable, Slate, withReact } from 'slate-react'
import { ContentElementView, ContentLeafView } from './ContentRender'
import { EditorToolbar, isLinkShortcut, type LinkFormState } from './EditorToolbar'
import type { TextMark } from './content-document'
import { changeIndent, toggleMark, withContentRules } from './editor-commands'

const MARK_KEYS: Record<string, TextMark> = { b: 'bold', i: 'italic', u: 'underline' }

/** Props of RichTextEditor. */
export interface RichTextEditorProps {
  /** The document shown first; later changes of this prop are ignored (re-key to reset). */
  initialValue: Descendant[]
  /** Id of the element naming the text box (when editable). */
  labelledBy?: string
  readOnly?: boolean
  /** Called with the document after every change of its content (not of the selection). */
  onChange?: (document: Descendant[]) => void
  /** Text shown in an empty editor. */
  placeholder?: string
  /**
   * The Yjs text to edit (ADR 081): the editor is bound to it, so edits merge with other devices'
   * and theirs show here as they arrive; `initialValue` is then only shown until it connects.
   * Fixed for the editor's life (re-key to change it).
   */
  sharedType?: Y.XmlText
}

/** A rich-text editor, or the document read-only. */
export function RichTextEditor({
  initialValue,
  labelledBy,
  readOnly = false,
  onChange,
  placeholder,
  sharedType,
}: RichTextEditorProps) {
  const editor = useMemo(
    () =>
      sharedType === undefined
        ? withContentRules(withHistory(withReact(createEditor())))
        : // The content rules normalize whatever arrives from Yjs too, and their fixes merge back.
          withContentRules(withReact(withYHistory(withYjs(createEditor(), sharedType)))),
    // Fixed for the editor's life.
    [],
  )
  useEffect(() => {
    if (!YjsEditor.isYjsEditor(editor)) {
      return
    }
    YjsEditor.connect(editor)
    return () => YjsEditor.disconnect(editor)
  }, [editor])
  const [linkForm, setLinkForm] = useState<LinkFormState>(null)

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) {
        return
      }
      const mark = MARK_KEYS[event.key.toLowerCase()]
      if (mark !== undefined && !event.shiftKey) {
        event.preventDefault()
        toggleMark(editor, mark)
      } else if (event.key === ']' || event.key === '[') {
        event.preventDefault()
        changeIndent(editor, event.key === ']' ? 1 : -1)
      } else if (isLinkShortcut(event)) {
        // Here Ctrl+K links; it does not open search.
        event.preventDefault()
        setLinkForm({ selection: editor.selection })
      }
    },
    [editor],
  )

  return (
    <div className={readOnly ? 'content-editor read-only' : 'content-editor'}>
      <Slate
        editor={editor}
        initialValue={initialValue}
        onValueChange={(value) => onChange?.(value)}
      >
        {!readOnly && <EditorToolbar linkForm={linkForm} onLinkForm={setLinkForm} />}
        <Editable
          className="content-text"
          readOnly={readOnly}
          // A read-only view is not a text box (no role), so a name would be out of place.
          aria-labelledby={readOnly ? undefined : labelledBy}
          renderElement={ContentElementView}
          renderLeaf={ContentLeafView}
          placeholder={placeholder}
          renderPlaceholder={({ attributes, children }) => (
            // Slate's own placeholder is faded below a readable contrast; this one uses the muted colour.
            <span
              {...attributes}
              className="content-placeholder"
              style={{ ...attributes.style, opacity: 1 }}
            >
              {children}
            </span>
          )}
          onKeyDown={onKeyDown}
        />
      </Slate>
    </div>
  )
}
