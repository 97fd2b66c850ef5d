// The sidebar's AI view: a summary of the page and, when the isAiChatEnabled flag allows it, a chat
// about it. The page's text comes from the page this sidebar belongs to (./page-text.ts), asked
// for only when the person summarizes or sends a message.
import { Button, type ToastQueue } from '@inkmark/design'
import { useCallback, useEffect, useState } from 'react'
import { requestPageText, type PageText } from '../../pages/ai/page-text'
import { isAiUnusable, useAiProvider } from '../../pages/ai/use-ai-provider'
import { loadAiAccess } from '../../pages/session-client'
import { AiUnavailableNotice, aiProviderLine, openAiSettings } from './AiNotices'
import { ChatPanel } from './ChatPanel'
import { SummaryPanel } from './SummaryPanel'

/** Whether chat is enabled (undefined while asking). */
function useChatEnabled(): boolean | undefined {
  const [enabled, setEnabled] = useState<boolean>()
  useEffect(() => {
    let live = true
    loadAiAccess().then(
      (access) => live && setEnabled(access.chatEnabled),
      () => live && setEnabled(false),
    )
    return () => {
      live = false
    }
  }, [])
  return enabled
}

/** The sidebar's AI view for the page at `pageUrl`. */
export function AiView({ pageUrl, toasts }: { pageUrl: string; toasts: ToastQueue }) {
  const readiness = useAiProvider()
  const chatEnabled = useChatEnabled()
  const loadPage = useCallback((): Promise<PageText> => requestPageText(pageUrl), [pageUrl])
  if (isAiUnusable(readiness)) {
    return (
      <div className="ai-view">
        <AiUnavailableNotice off={readiness.kind === 'off'} />
      </div>
    )
  }
  const panel = { readiness, pageUrl, loadPage, toasts }
  return (
    <div className="ai-view">
      <SummaryPanel {...panel} />
      {chatEnabled ? <ChatPanel {...panel} /> : null}
      <p className="ai-explain">
        {aiProviderLine(readiness)}{' '}
        <Button variant="ghost" size="sm" onPress={openAiSettings}>
          AI settings
        </Button>
      </p>
    </div>
  )
}
