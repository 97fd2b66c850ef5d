// A STAND-IN of the browser's built-in AI (Chrome's Summarizer and LanguageModel globals) for the
// end-to-end tests: `builtinAiStandInScript(config)` goes to page.addInitScript or
// context.addInitScript; `setBuiltinAiStandIn` changes its behaviour in a live page and
// `builtinAiStandInRequests` reads what the page asked of it. The stand-in itself lives in
// @inkmark/shared/testing, so shared's unit tests install the same code into a plain object.
import {
  BUILTIN_AI_STAND_IN_KEY,
  type BuiltinAiStandInConfig,
  type BuiltinAiStandInRequest,
  type BuiltinAiStandInState,
} from '@inkmark/shared/testing'
import type { Frame, Page } from 'playwright-core'

export {
  BUILTIN_AI_STAND_IN_DEFAULT_TEXT,
  builtinAiStandInScript,
  type BuiltinAiApiStandInConfig,
  type BuiltinAiStandInAvailability,
  type BuiltinAiStandInConfig,
  type BuiltinAiStandInRequest,
} from '@inkmark/shared/testing'

type StandInWindow = Record<string, BuiltinAiStandInState | undefined>

/** Replaces the stand-in's configuration in the live page (or frame) `target`. */
export async function setBuiltinAiStandIn(
  target: Page | Frame,
  config: BuiltinAiStandInConfig,
): Promise<void> {
  await target.evaluate(
    ({ key, next }) => {
      const state = (globalThis as unknown as StandInWindow)[key]
      if (state === undefined) {
        throw new Error('The built-in AI stand-in is not installed in this page.')
      }
      state.configure(next)
    },
    { key: BUILTIN_AI_STAND_IN_KEY, next: config },
  )
}

/** What the page asked of the stand-in so far, oldest first. */
export async function builtinAiStandInRequests(
  target: Page | Frame,
): Promise<BuiltinAiStandInRequest[]> {
  return target.evaluate(
    (key) => (globalThis as unknown as StandInWindow)[key]?.requests ?? [],
    BUILTIN_AI_STAND_IN_KEY,
  )
}

/** Sessions the page created and destroyed so far. */
export async function builtinAiStandInSessions(
  target: Page | Frame,
): Promise<{ created: number; destroyed: number }> {
  return target.evaluate(
    (key) =>
      (globalThis as unknown as StandInWindow)[key]?.sessions ?? { created: 0, destroyed: 0 },
    BUILTIN_AI_STAND_IN_KEY,
  )
}
