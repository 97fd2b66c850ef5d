// A STAND-IN of an OpenAI-compatible endpoint for the end-to-end tests: a real HTTP server on
// loopback following OpenAI's documented chat-completions API (SSE streaming, error JSON, GET
// /v1/models, CORS). It lives in @inkmark/shared/testing so that shared's unit tests of the
// provider use the same server; this module is the e2e tests' door to it.
export {
  OPENAI_STAND_IN_DEFAULT_TEXT,
  OPENAI_STAND_IN_MODEL,
  startOpenAiStandIn,
  type OpenAiStandIn,
  type OpenAiStandInOptions,
  type OpenAiStandInRequest,
  type OpenAiStandInScript,
} from '@inkmark/shared/testing'
