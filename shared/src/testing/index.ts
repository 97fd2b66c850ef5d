// The public door of `@inkmark/shared/testing`: fixtures every workspace's tests may use.
export {
  FIXTURE_BOOKMARK_ID,
  FIXTURE_DAY_MS,
  FIXTURE_NOW,
  FIXTURE_ORIGIN,
  FIXTURE_URL,
  FIXTURE_USER_ID,
  createAiChatFixture,
  createBookmarkFixture,
  createBookmarkWithMarksFixture,
  createChromeSettingsFixture,
  createLearningItemFixture,
  createMarkFixture,
  createPageContentFixture,
  createUserTokenPayloadFixture,
  nextFixtureId,
  resetFixtureIds,
} from './factories'
export {
  createTestClock,
  openTestStore,
  uniqueDatabaseName,
  type TestClock,
  type TestStore,
  type TestStoreOptions,
} from './store-harness'
export { createSeededRandom, type SeededRandom } from './seeded-random'
export {
  createScriptedAiProvider,
  type ScriptedAiProvider,
  type ScriptedAiProviderOptions,
} from './scripted-ai-provider'
export {
  OPENAI_STAND_IN_DEFAULT_TEXT,
  OPENAI_STAND_IN_MODEL,
  startOpenAiStandIn,
  type OpenAiStandIn,
  type OpenAiStandInOptions,
  type OpenAiStandInRequest,
  type OpenAiStandInScript,
} from './openai-stand-in'
export {
  BUILTIN_AI_STAND_IN_DEFAULT_TEXT,
  BUILTIN_AI_STAND_IN_KEY,
  builtinAiStandInScript,
  builtinAiStandInState,
  installBuiltinAiStandIn,
  type BuiltinAiApiStandInConfig,
  type BuiltinAiStandInAvailability,
  type BuiltinAiStandInConfig,
  type BuiltinAiStandInRequest,
  type BuiltinAiStandInState,
} from './builtin-ai-stand-in'
export { longPdf, longPdfPageLines } from './long-pdf'
