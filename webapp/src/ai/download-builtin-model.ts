// Downloads the browser's built-in AI model ahead of the first summary, for the settings' Download
// button: Chrome fetches the model when a Summarizer (or LanguageModel) is first created, and
// reports the progress to the `monitor` given to create() as `downloadprogress` events whose
// `loaded` is a fraction from 0 to 1 (Chrome 138's documented Summarizer and Prompt APIs). The
// created session is destroyed at once: only the download is wanted. Each API whose availability()
// is 'downloadable' or 'downloading' is fetched in turn; the progress is over all of them.

interface DownloadProgressEvent extends Event {
  loaded: number
}

interface CreateMonitor {
  addEventListener(type: 'downloadprogress', listener: (event: DownloadProgressEvent) => void): void
}

interface BuiltinAiApi {
  availability(options?: object): Promise<string>
  create(options: {
    monitor?: (monitor: CreateMonitor) => void
    signal?: AbortSignal
  }): Promise<{ destroy?: () => void }>
}

/** The built-in AI APIs `scope` has (Summarizer, LanguageModel), by name. */
function builtinApis(scope: object): BuiltinAiApi[] {
  const globals = scope as { Summarizer?: BuiltinAiApi; LanguageModel?: BuiltinAiApi }
  return [globals.Summarizer, globals.LanguageModel].filter(
    (api): api is BuiltinAiApi => api !== undefined && typeof api.create === 'function',
  )
}

/**
 * Downloads the built-in models of `scope` that still need it, calling `onProgress` with the
 * fraction done (0 to 1) over all of them. Rejects when the browser refuses (no space, aborted).
 */
export async function downloadBuiltinModel(
  onProgress: (fraction: number) => void,
  { scope = globalThis, signal }: { scope?: object; signal?: AbortSignal } = {},
): Promise<void> {
  const pending: BuiltinAiApi[] = []
  for (const api of builtinApis(scope)) {
    const availability = await api.availability()
    if (availability === 'downloadable' || availability === 'downloading') {
      pending.push(api)
    }
  }
  for (const [index, api] of pending.entries()) {
    const session = await api.create({
      monitor: (monitor) =>
        monitor.addEventListener('downloadprogress', (event) =>
          onProgress((index + Math.min(1, Math.max(0, event.loaded))) / pending.length),
        ),
      ...(signal === undefined ? {} : { signal }),
    })
    session.destroy?.()
  }
  onProgress(1)
}
