// The formatting toolbar of the content editor: text style (paragraph, headings 1 to 6), bold,
// italic, underline, code, bulleted and numbered lists, indent and outdent (0 to 30), and links.
// Buttons keep the editor's selection (mouse down does not take the focus) and give the focus back
// to the text after acting, so that a keyboard user can Tab to a button, press it and go on typing.
// A button's symbol is drawn by CSS (data-symbol): its name is its label, with no other visible text.
// The toolbar is one Tab stop; the arrow keys, Home and End move between its controls (WAI-ARIA
// toolbar pattern), so Tab goes from the title to the toolbar to the text.
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { Transforms, type BaseSelection } from 'slate'
import { ReactEditor, useSlate } from 'slate-react'
import {
  HEADING_LEVELS,
  MAX_CONTENT_INDENT,
  type ListKind,
  type TextMark,
} from './content-document'
import {
  changeIndent,
  currentBlockKind,
  currentIndent,
  currentLink,
  currentListKind,
  insertLink,
  isMarkActive,
  removeLink,
  setBlockKind,
  toggleList,
  toggleMark,
  type BlockKind,
} from './editor-commands'
import { LinkForm } from './LinkForm'

const MARK_BUTTONS: ReadonlyArray<{
  mark: TextMark
  label: string
  symbol: string
  keys?: string
}> = [
  { mark: 'bold', label: 'Bold', symbol: 'B', keys: 'Control+B' },
  { mark: 'italic', label: 'Italic', symbol: 'I', keys: 'Control+I' },
  { mark: 'underline', label: 'Underline', symbol: 'U', keys: 'Control+U' },
  { mark: 'code', label: 'Code', symbol: '</>' },
]

const LIST_BUTTONS: ReadonlyArray<{ kind: ListKind; label: string; symbol: string }> = [
  { kind: 'bulleted-list', label: 'Bulleted list', symbol: '•' },
  { kind: 'numbered-list', label: 'Numbered list', symbol: '1.' },
]

// Mouse down on a toolbar button would move the focus out of the text and lose the caret.
function keepSelection(event: MouseEvent) {
  event.preventDefault()
}

/** The link form's state: open with the selection it applies to, or closed (null). */
export type LinkFormState = { selection: BaseSelection } | null

/** Props of EditorToolbar. */
export interface EditorToolbarProps {
  linkForm: LinkFormState
  onLinkForm: (state: LinkFormState) => void
}

/** The toolbar of the editor it is rendered in. */
export function EditorToolbar({ linkForm, onLinkForm: setLinkForm }: EditorToolbarProps) {
  const editor = useSlate()
  const styleId = useId()
  const toolbarRef = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)

  function controls(): HTMLElement[] {
    return [
      ...(toolbarRef.current?.querySelectorAll<HTMLElement>('select, button:not(:disabled)') ?? []),
    ]
  }

  // One control is in the Tab order: the last one used (or the first, when it went away).
  useLayoutEffect(() => {
    const all = controls()
    const stop = Math.min(current, all.length - 1)
    all.forEach((control, index) => {
      control.tabIndex = index === stop ? 0 : -1
    })
  })

  function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = controls()
    const index = all.indexOf(event.target as HTMLElement)
    if (index === -1) {
      return
    }
    const last = all.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    if (next !== undefined) {
      event.preventDefault()
      all[next]?.focus()
    }
  }

  function onToolbarFocus(event: FocusEvent<HTMLDivElement>) {
    const index = controls().indexOf(event.target)
    if (index !== -1) {
      setCurrent(index)
    }
  }

  function act(command: () => void) {
    command()
    ReactEditor.focus(editor)
  }

  const blockKind = currentBlockKind(editor)
  const listKind = currentListKind(editor)
  const indent = currentIndent(editor)
  const link = currentLink(editor)

  return (
    <div className="editor-toolbar-area">
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label="Formatting"
        className="editor-toolbar"
        onKeyDown={onToolbarKeyDown}
        onFocus={onToolbarFocus}
      >
        <label htmlFor={styleId} className="visually-hidden">
          Text style
        </label>
        <select
          id={styleId}
          value={blockKind}
          onChange={(event) => act(() => setBlockKind(editor, event.target.value as BlockKind))}
        >
          <option value="paragraph">Paragraph</option>
          {HEADING_LEVELS.map((level) => (
            <option key={level} value={`heading-${level}`}>
              Heading {level}
            </option>
          ))}
        </select>
        {MARK_BUTTONS.map(({ mark, label, symbol, keys }) => (
          <button
            key={mark}
            type="button"
            className={`toolbar-button mark-${mark}`}
            aria-label={label}
            aria-pressed={isMarkActive(editor, mark)}
            aria-keyshortcuts={keys}
            title={keys ? `${label} (${keys.replace('Control', 'Ctrl')})` : label}
            onMouseDown={keepSelection}
            onClick={() => act(() => toggleMark(editor, mark))}
            data-symbol={symbol}
          />
        ))}
        {LIST_BUTTONS.map(({ kind, label, symbol }) => (
          <button
            key={kind}
            type="button"
            className="toolbar-button"
            aria-label={label}
            aria-pressed={listKind === kind}
            title={label}
            onMouseDown={keepSelection}
            onClick={() => act(() => toggleList(editor, kind))}
            data-symbol={symbol}
          />
        ))}
        <button
          type="button"
          className="toolbar-button"
          aria-label="Outdent"
          aria-keyshortcuts="Control+["
          title="Outdent (Ctrl+[)"
          disabled={indent === 0}
          onMouseDown={keepSelection}
          onClick={() => act(() => changeIndent(editor, -1))}
          data-symbol="⇤"
        />
        <button
          type="button"
          className="toolbar-button"
          aria-label="Indent"
          aria-keyshortcuts="Control+]"
          title="Indent (Ctrl+])"
          disabled={indent >= MAX_CONTENT_INDENT || blockKind !== 'paragraph'}
          onMouseDown={keepSelection}
          onClick={() => act(() => changeIndent(editor, 1))}
          data-symbol="⇥"
        />
        <button
          type="button"
          className="toolbar-button"
          aria-label={link ? 'Edit link' : 'Add link'}
          aria-expanded={linkForm !== null}
          aria-keyshortcuts="Control+K"
          title="Link (Ctrl+K)"
          onMouseDown={keepSelection}
          onClick={() => setLinkForm({ selection: editor.selection })}
          data-symbol="🔗"
        />
        {link && (
          <button
            type="button"
            className="toolbar-button"
            aria-label="Remove link"
            title="Remove link"
            onMouseDown={keepSelection}
            onClick={() => act(() => removeLink(editor))}
            data-symbol="⛓̸"
          />
        )}
      </div>
      {linkForm && (
        <LinkForm
          initialUrl={link?.url ?? ''}
          onApply={(url) => {
            setLinkForm(null)
            act(() => {
              if (linkForm.selection) {
                Transforms.select(editor, linkForm.selection)
              }
              insertLink(editor, url)
            })
          }}
          onCancel={() => {
            setLinkForm(null)
            act(() => {
              if (linkForm.selection) {
                Transforms.select(editor, linkForm.selection)
              }
            })
          }}
        />
      )}
    </div>
  )
}

/** Whether a key press is the link shortcut (Ctrl+K / Cmd+K), which the editor hands to the toolbar. */
export function isLinkShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
}
