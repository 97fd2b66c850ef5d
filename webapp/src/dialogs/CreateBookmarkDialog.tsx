// The spec's create-bookmark dialog: save a page by its address, with a title and tags, without
// visiting it. The form is checked by checkNewBookmark (a wrong field says what is wrong and keeps
// what was typed); an address already saved links to its page instead. A saved page opens, with
// the auto-download question when it was never answered (auto-download-rule.ts).
import { Button, TextField } from '@inkmark/design'
import { Message, ObjectStore, createBookmark, toSiteOrigin } from '@inkmark/shared'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useLocalStore } from '../library/LibraryProvider'
import { shouldAskAutoDownload } from '../prompts/auto-download-rule'
import { checkNewBookmark, type CreateBookmarkCheck } from './create-bookmark'
import './dialogs.css'

/** The create-bookmark dialog. */
export function CreateBookmarkDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const store = useLocalStore()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const [url, setUrl] = useState('')
  const [title, setTitle] = useState('')
  const [tags, setTags] = useState('')
  const [check, setCheck] = useState<CreateBookmarkCheck | undefined>()
  const [failure, setFailure] = useState('')
  const [saving, setSaving] = useState(false)
  const errors = check?.ok === false ? check.errors : {}
  const existingId = check?.ok === false ? check.existingId : undefined

  async function save(event: FormEvent) {
    event.preventDefault()
    setFailure('')
    const checked = checkNewBookmark(
      { url, title, tags },
      (address) => store.getBookmarkForUrl(address)?._id,
    )
    setCheck(checked)
    if (!checked.ok) {
      // The first wrong field gets the focus, so its message is read out.
      window.setTimeout(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus(),
      )
      return
    }
    setSaving(true)
    try {
      const bookmark = createBookmark(
        {
          _id: store.createId(),
          _objectStore: ObjectStore.BOOKMARKS,
          url: checked.url,
          title: checked.title,
          tags: checked.tags,
          // Saved on purpose: starred, so it stays without highlights (spec section 4).
          isStarred: true,
          origin: toSiteOrigin(checked.url) ?? undefined,
        },
        store.now(),
      )
      const { rejected } = await store.createOrUpdateEntities([bookmark])
      if (rejected[0]) {
        setFailure(rejected[0].message)
        return
      }
      const ask = shouldAskAutoDownload(store.getChromeSettings().autoDownloadPageContent)
      void navigate({
        to: '/page/$id',
        params: { id: bookmark._id },
        search: ask ? { dialog: 'auto-download-prompt' } : {},
      } as never)
    } catch {
      setFailure(Message.GENERIC_ERROR)
    } finally {
      setSaving(false)
    }
  }

  return (
    <ModalDialog labelledBy={titleId} className="create-bookmark-dialog" onClose={onClose}>
      <h2 id={titleId}>Save a page</h2>
      <p>Save a page to your library by its address, without opening it.</p>
      <form ref={form} className="dialog-form" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="Page address"
          type="url"
          autoFocus
          isRequired
          value={url}
          onChange={setUrl}
          placeholder="https://example.com/article"
          errorMessage={errors.url}
        />
        {existingId !== undefined && (
          <p>
            <Link to="/page/$id" params={{ id: existingId }}>
              Open the saved page
            </Link>
          </p>
        )}
        <TextField
          label="Title"
          description="Leave it empty to use the address."
          value={title}
          onChange={setTitle}
          errorMessage={errors.title}
        />
        <TextField
          label="Tags"
          description="Separate tags with commas."
          value={tags}
          onChange={setTags}
          errorMessage={errors.tags}
        />
        {failure !== '' && (
          <p className="dialog-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <Button onPress={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" isDisabled={saving}>
            Save page
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
