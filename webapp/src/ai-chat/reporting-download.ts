// The browser's built-in AI fetches its model on the first chat (availability 'downloadable'),
// which can take minutes: the chat shows the download's progress. The shared turn runners take a
// provider and no progress callback, so the provider they get reports it: the same provider, with
// `onDownloadProgress` given to each chat call.
import type { AiProvider } from '@inkmark/shared'

/** `provider`, whose chat calls report the model download's progress (0 to 1) to `onProgress`. */
export function reportingDownload(
  provider: AiProvider,
  onProgress: (fraction: number) => void,
): AiProvider {
  return {
    kind: provider.kind,
    label: provider.label,
    availability: (task) => provider.availability(task),
    inputQuota: (task) => provider.inputQuota(task),
    measureTokens: (text, task) => provider.measureTokens(text, task),
    summarize: (request, options) => provider.summarize(request, options),
    chat: (messages, options) =>
      provider.chat(messages, { ...options, onDownloadProgress: onProgress }),
  }
}
