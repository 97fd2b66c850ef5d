// The AI providers in a real browser (issue 15, ADR 046): a tiny page on loopback bundles the real
// providers of @inkmark/shared. The built-in provider runs on the stand-in of Chrome's Summarizer
// and LanguageModel globals installed by an init script (download progress, QuotaExceededError,
// abort); the OpenAI-compatible provider calls the stand-in endpoint on another origin, so every
// request crosses CORS with its preflight, as a user's local server would be called. Firefox
// (no built-in AI) runs the same page against the endpoint.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AiPageRequest, AiPageRun } from './src/ai-providers-page-entry'
import {
  builtinAiStandInRequests,
  builtinAiStandInScript,
  builtinAiStandInSessions,
  setBuiltinAiStandIn,
} from './src/builtin-ai-stand-in'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/extension-browser'
import { launchFirefox, type FirefoxBrowser } from './src/firefox-bidi'
import { startOpenAiStandIn, type OpenAiStandIn } from './src/openai-stand-in'
import { startStaticServer, type StaticServer } from './src/static-server'

const ENTRY = fileURLToPath(new URL('./src/ai-providers-page-entry.ts', import.meta.url))
const KEY = 'sk-this-device-only'
const MODEL = 'stand-in-model'

let pageDir: string
let site: StaticServer
let endpoint: OpenAiStandIn

beforeAll(async () => {
  pageDir = await mkdtemp(join(tmpdir(), 'inkmark-ai-page-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: pageDir,
      emptyOutDir: true,
      lib: { entry: ENTRY, formats: ['es'], fileName: () => 'ai.js' },
    },
  })
  await writeFile(
    join(pageDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AI providers</title>' +
      '<script type="module" src="/ai.js"></script></head><body></body></html>',
  )
  site = await startStaticServer(pageDir)
  endpoint = await startOpenAiStandIn({ requireKey: KEY, models: [MODEL] })
})

afterAll(async () => {
  await endpoint?.close()
  await site?.close()
  if (pageDir !== undefined) {
    await rm(pageDir, { recursive: true, force: true })
  }
})

const builtinSettings = { provider: 'builtin' }
const builtin = builtinSettings
const endpointSettings = (apiKey = KEY) => ({
  provider: 'openai-compatible',
  endpoint: { baseUrl: endpoint.url, model: MODEL, apiKey },
})
const question = [
  { role: 'system' as const, content: 'You answer about the page.' },
  { role: 'user' as const, content: 'Why are there tides?' },
]

describe('the AI providers in Chromium', () => {
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach(async () => {
    await context?.close()
    context = await browser.newContext()
    await context.addInitScript(
      builtinAiStandInScript({ summarizer: { availability: 'downloadable' } }),
    )
    page = await context.newPage()
    await page.goto(`${site.url}/index.html`)
    await page.waitForFunction(() => window.inkmarkAiRun !== undefined)
  })

  function run(request: AiPageRequest): Promise<AiPageRun> {
    return page.evaluate((r) => window.inkmarkAiRun!(r), request)
  }

  const summary = {
    text: 'The moon pulls the sea; the tides follow it twice a day.',
    type: 'key-points' as const,
    length: 'short' as const,
  }

  it('summarises with the built-in Summarizer after its download, the page text going only to it', async () => {
    await setBuiltinAiStandIn(page, {
      summarizer: {
        availability: 'downloadable',
        downloadSteps: [0, 0.4, 1],
        chunks: ['- The moon', '\n- The sea'],
      },
    })
    expect(await page.evaluate((s) => window.inkmarkAiAvailability!(s), builtin)).toBe(
      'downloadable',
    )
    const result = await run({ settings: builtin, summarize: summary })
    expect(result).toEqual({ deltas: ['- The moon', '\n- The sea'], progress: [0, 0.4, 1] })
    const requests = await builtinAiStandInRequests(page)
    expect(requests.find((r) => r.method === 'summarizeStreaming')?.input).toBe(summary.text)
    expect(requests.find((r) => r.method === 'create')?.options).toMatchObject({
      type: 'key-points',
      length: 'short',
      format: 'markdown',
    })
    expect(await builtinAiStandInSessions(page)).toEqual({ created: 1, destroyed: 1 })
    expect(endpoint.requests.filter((r) => JSON.stringify(r.body).includes('moon'))).toEqual([])
  })

  it('chats with the built-in Prompt API and stops at the abort, keeping what streamed', async () => {
    await setBuiltinAiStandIn(page, {
      languageModel: { chunks: ['Because ', 'of the moon.'], stallAfterChunks: 1 },
    })
    const result = await run({ settings: builtin, chat: question, abortAfterDeltas: 1 })
    expect(result.deltas).toEqual(['Because '])
    expect(result.error).toMatchObject({ code: 'aborted' })
    expect(await builtinAiStandInSessions(page)).toEqual({ created: 1, destroyed: 1 })
  })

  it('recognises the built-in QuotaExceededError', async () => {
    await setBuiltinAiStandIn(page, { summarizer: { inputQuota: 3 } })
    const result = await run({ settings: builtin, summarize: summary })
    expect(result.error).toEqual({
      code: 'quota-exceeded',
      message: 'The text is too long for the AI model. Try a shorter text or a new chat.',
    })
  })

  it('calls the OpenAI-compatible endpoint across origins with the key, streaming deltas', async () => {
    endpoint.reply({ chunks: ['The moon', '’s pull.'] })
    const result = await run({ settings: endpointSettings(), chat: question })
    expect(result).toEqual({ deltas: ['The moon', '’s pull.'], progress: [] })
    const sent = endpoint.requests.at(-1)
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(sent?.headers.origin).toBe(site.url)
    expect(endpoint.chatRequests().at(-1)?.messages).toEqual(question)
    // The browser asked first whether it may send the key: only Authorization and Content-Type.
    expect(endpoint.preflights.at(-1)?.split(',').sort()).toEqual(['authorization', 'content-type'])
  })

  it('reads a 429’s Retry-After through CORS and says when to try again', async () => {
    endpoint.reply({ status: 429, retryAfter: 12 })
    const result = await run({ settings: endpointSettings(), chat: question })
    expect(result.error).toEqual({
      code: 'rate-limited',
      status: 429,
      retryAfterMs: 12_000,
      message: 'The AI endpoint has had too many requests. Try again in 12 seconds.',
    })
  })

  it('tells a refused key, a dropped stream and a slow first token apart', async () => {
    expect(
      (await run({ settings: endpointSettings('sk-wrong'), chat: question })).error,
    ).toMatchObject({
      code: 'unauthorized',
      status: 401,
    })
    // The stream is cut once the page has shown its first two deltas (a browser may drop what
    // it received but had not yet handed to the page when a connection dies).
    endpoint.reply({ chunks: ['Half ', 'an ', 'answer'], holdAfterChunks: 2 })
    const dropping = run({ settings: endpointSettings(), chat: question })
    await expect.poll(() => page.evaluate(() => window.inkmarkAiLastRun?.deltas.length)).toBe(2)
    endpoint.dropHeld()
    const dropped = await dropping
    expect(dropped.deltas).toEqual(['Half ', 'an '])
    expect(dropped.error).toMatchObject({ code: 'stream-dropped' })
    endpoint.reply({ firstTokenDelayMs: 400, text: 'Worth the wait.' })
    const slow = await run({ settings: endpointSettings(), chat: question })
    expect(slow.deltas.join('')).toBe('Worth the wait.')
    expect(slow.error).toBeUndefined()
  })

  it('lists the endpoint’s models from the page', async () => {
    expect(
      await page.evaluate((e) => window.inkmarkAiTestEndpoint!(e), {
        baseUrl: endpoint.url,
        apiKey: KEY,
      }),
    ).toEqual({ ok: true, models: [MODEL] })
  })
})

// Firefox has no built-in AI: there the endpoint is the way to AI (issue 15), so the same page
// runs the endpoint provider in Firefox ESR over WebDriver BiDi, across origins as in Chromium.
describe('the AI providers in Firefox', () => {
  let firefox: FirefoxBrowser
  let tab: string

  beforeAll(async () => {
    firefox = await launchFirefox()
    // Opening waits for the load event, which comes after the page's module script ran.
    tab = await firefox.open(`${site.url}/index.html`)
  })

  afterAll(async () => {
    await firefox?.close()
  })

  function run(request: AiPageRequest): Promise<AiPageRun> {
    return firefox.evaluate(tab, `window.inkmarkAiRun(${JSON.stringify(request)})`)
  }

  it('streams an answer from the endpoint with the key, sending no header beyond the two', async () => {
    endpoint.reply({ chunks: ['Tides ', 'follow ', 'the moon.'] })
    const result = await run({ settings: endpointSettings(), chat: question })
    expect(result).toEqual({ deltas: ['Tides ', 'follow ', 'the moon.'], progress: [] })
    expect(endpoint.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(endpoint.preflights.at(-1)?.split(',').sort()).toEqual(['authorization', 'content-type'])
  })

  it('reads Retry-After, and tells a dropped stream once the page showed what came', async () => {
    endpoint.reply({ status: 429, retryAfter: 3 })
    expect((await run({ settings: endpointSettings(), chat: question })).error).toMatchObject({
      code: 'rate-limited',
      retryAfterMs: 3000,
    })
    endpoint.reply({ chunks: ['Half ', 'an ', 'answer'], holdAfterChunks: 2 })
    const dropping = run({ settings: endpointSettings(), chat: question })
    await expect.poll(() => firefox.evaluate(tab, 'window.inkmarkAiLastRun?.deltas.length')).toBe(2)
    endpoint.dropHeld()
    const dropped = await dropping
    expect(dropped.deltas).toEqual(['Half ', 'an '])
    expect(dropped.error).toMatchObject({ code: 'stream-dropped' })
  })

  it('finds no built-in AI, and says so', async () => {
    expect(
      await firefox.evaluate(
        tab,
        `window.inkmarkAiAvailability(${JSON.stringify(builtinSettings)})`,
      ),
    ).toBe('unavailable')
    const result = await run({
      settings: builtinSettings,
      summarize: { text: 'Tides.', type: 'tldr', length: 'short' },
    })
    expect(result.error).toMatchObject({ code: 'unavailable' })
  })
})
