// The isAiChatEnabled flag of GET /config. The spec's default is false, which is what a config
// without the flag means: a server that does not say so has not enabled chat. With no config ever
// fetched (offline, no account, a relay not reached yet) chat is on: it runs on the user's own
// provider and needs no server of ours. docs/adr/047-ai-logic.md.

/** A server config's flag, as far as it was read. */
export interface AiChatFlagSource {
  isAiChatEnabled?: boolean | null
}

/** The spec's default of isAiChatEnabled, for a config that leaves it out. */
export const DEFAULT_IS_AI_CHAT_ENABLED = false
/** Whether chat is on when no config was ever fetched (local-first). */
export const AI_CHAT_ENABLED_WITHOUT_CONFIG = true

/** Whether AI chat is enabled by `config` (undefined: no config was ever fetched). */
export function aiChatEnabled(config: AiChatFlagSource | undefined | null): boolean {
  if (config === undefined || config === null) {
    return AI_CHAT_ENABLED_WITHOUT_CONFIG
  }
  return typeof config.isAiChatEnabled === 'boolean'
    ? config.isAiChatEnabled
    : DEFAULT_IS_AI_CHAT_ENABLED
}
