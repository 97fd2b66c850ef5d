// Downloads the browser's built-in AI model ahead of the first summary, for the settings' Download
// button: Chrome fetches the model when a Summarizer (or LanguageModel) is first created, and
// reports the progress to the `monitor` given to create() as `downloadprogress` events whose
// `loaded` is a fraction from 0 to 1 (Chrome 138's documented Summarizer and Prompt APIs). The
// created session is destroyed at once: only the download is wanted. Each API whose availability()
// is 'downloadable' or 'downloading' is fetched, all at once; the progress is over all of them.

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
 * fraction done (0 to 1) over all of them. Both downloads start at once: Chrome starts a download
 * only with the person's click still fresh (transient user activation, about 5 s), which a first
 * download of minutes would outlast. Rejects when the browser refuses (no space, no click, aborted).
 */
export async function downloadBuiltinModel(
  onProgress: (fraction: number) => void,
  { scope = globalThis, signal }: { scope?: object; signal?: AbortSignal } = {},
): Promise<void> {
  const apis = builtinApis(scope)
  const availabilities = await Promise.all(apis.map((api) => api.availability()))
  const pending = apis.filter(
    (_, index) =>
      availabilities[index] === 'downloadable' || availabilities[index] === 'downloading',
  )
  const loaded = pending.map(() => 0)
  await Promise.all(
    pending.map(async (api, index) => {
      const session = await api.create({
        monitor: (monitor) =>
          monitor.addEventListener('downloadprogress', (event) => {
            loaded[index] = Math.max(loaded[index]!, Math.min(1, Math.max(0, event.loaded)))
            onProgress(loaded.reduce((sum, value) => sum + value, 0) / pending.length)
          }),
        ...(signal === undefined ? {} : { signal }),
      })
      session.destroy?.()
    }),
  )
  onProgress(1)
}
