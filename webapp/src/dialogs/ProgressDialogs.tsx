// The spec's progress dialogs, `loading` and `youtube-loading`: a flow that runs long work (opening
// a YouTube video, preparing a backup file) starts a task here, which names its dialog in the URL
// while it runs and closes it when done. The dialog says what is happening, shows a progress bar
// (a count when the flow knows one), and offers Stop when the flow can stop; Escape and Back close
// the dialog only, and the work goes on with the page's own status. Opened by its name with no
// work under way (a link, Forward) the dialog says so instead of spinning forever.
import { Button } from '@inkmark/design'
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { ModalDialog } from '../components/ModalDialog'
import { useDialog } from '../shell/use-dialog'
import './dialogs.css'

/** The two progress dialogs of the spec. */
export type ProgressDialogName = 'loading' | 'youtube-loading'

/** Long work shown in a progress dialog. */
export interface ProgressTask {
  dialog: ProgressDialogName
  /** The dialog's heading, e.g. 'Opening the video'. */
  title: string
  /** What is happening now, e.g. 'Fetching the transcript…'. */
  detail: string
  /** Steps done and in all, when the flow counts them. */
  done?: number
  total?: number
  /** Stops the work (the dialog then offers Stop). */
  stop?: () => void
}

interface ProgressApi {
  task: ProgressTask | undefined
  /** Shows `task` (replacing any other) and opens its dialog; returns the function that ends it. */
  start: (task: ProgressTask) => () => void
  /** Changes the running task's detail or count (only the task that `start` returned ends). */
  update: (changes: Partial<Omit<ProgressTask, 'dialog'>>) => void
}

const ProgressContext = createContext<ProgressApi>({
  task: undefined,
  start: () => () => undefined,
  update: () => undefined,
})

/** Holds the long work under way for the progress dialogs. */
export function ProgressProvider({ children }: { children: ReactNode }) {
  const { openDialog, closeDialog } = useDialog()
  const [task, setTask] = useState<ProgressTask | undefined>()
  const current = useRef<ProgressTask | undefined>()
  // The URL helpers change with the route; the task functions must not.
  const dialogs = useRef({ openDialog, closeDialog })
  dialogs.current = { openDialog, closeDialog }

  const start = useCallback((next: ProgressTask) => {
    current.current = next
    setTask(next)
    // Replacing the entry: Back leaves the page the work runs for, as it would without the dialog.
    dialogs.current.openDialog(next.dialog, {}, { replace: true })
    return () => {
      if (current.current !== next) {
        return
      }
      current.current = undefined
      setTask(undefined)
      if (new URLSearchParams(window.location.search).get('dialog') === next.dialog) {
        dialogs.current.closeDialog()
      }
    }
  }, [])
  const update = useCallback((changes: Partial<Omit<ProgressTask, 'dialog'>>) => {
    setTask((shown) => (shown === undefined ? shown : { ...shown, ...changes }))
  }, [])
  const value = useMemo(() => ({ task, start, update }), [task, start, update])
  return <ProgressContext.Provider value={value}>{children}</ProgressContext.Provider>
}

/** Starts and updates long work shown in a progress dialog. */
export function useProgress(): ProgressApi {
  return useContext(ProgressContext)
}

/** The `loading` or `youtube-loading` dialog, showing the work under way of that kind. */
export function ProgressDialog({
  name,
  onClose,
}: {
  name: ProgressDialogName
  onClose: () => void
}) {
  const titleId = useId()
  const detailId = useId()
  const { task } = useProgress()
  const running = task?.dialog === name ? task : undefined
  const idleTitle = name === 'youtube-loading' ? 'No video is loading' : 'Nothing is loading'
  return (
    <ModalDialog labelledBy={titleId} className="progress-dialog" onClose={onClose}>
      <h2 id={titleId}>{running?.title ?? idleTitle}</h2>
      {running ? (
        <>
          <p id={detailId} role="status">
            {running.detail}
            {running.total !== undefined &&
              running.total > 0 &&
              ` ${running.done ?? 0} of ${running.total}`}
          </p>
          <progress
            aria-labelledby={titleId}
            aria-describedby={detailId}
            {...(running.total !== undefined && running.total > 0
              ? { max: running.total, value: running.done ?? 0 }
              : {})}
          />
          <p className="dialog-hint">You can close this window; the work goes on.</p>
        </>
      ) : (
        <p>
          {name === 'youtube-loading'
            ? 'Open a YouTube video from its address to read its transcript; its progress shows here.'
            : 'Long work, such as preparing a backup file, shows its progress here while it runs.'}
        </p>
      )}
      <div className="dialog-actions">
        {running?.stop && (
          <Button
            onPress={() => {
              running.stop?.()
              onClose()
            }}
          >
            Stop
          </Button>
        )}
        <Button variant="primary" onPress={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}
