// The sidebar's AI view: a summary of the page and, when the isAiChatEnabled flag allows it, a chat
// about it. The page's text comes from the page this sidebar belongs to (./page-text.ts), asked
// for only when the person summarizes or sends a message.
import type { ToastQueue } from '@inkmark/design'
import { useCallback, useEffect, useState } from 'react'
import { requestPageText, type PageText } from '../../pages/ai/page-text'
import { loadAiAccess } from '../../pages/session-client'
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
  const chatEnabled = useChatEnabled()
  const loadPage = useCallback((): Promise<PageText> => requestPageText(pageUrl), [pageUrl])
  return (
    <div className="ai-view">
      <SummaryPanel pageUrl={pageUrl} loadPage={loadPage} toasts={toasts} />
      {chatEnabled ? <ChatPanel pageUrl={pageUrl} loadPage={loadPage} toasts={toasts} /> : null}
    </div>
  )
}
