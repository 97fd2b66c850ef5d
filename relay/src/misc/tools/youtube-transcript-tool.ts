// POST /tools/youtube-transcript {url, language?}: the free YouTube transcript tool, without an
// account (docs/adr/074). The video comes from a YouTube address or id (youtube-request.ts), the
// transcript from youtubeOrigin through the hardened fetcher (youtube-transcript.ts).
import type { FastifyPluginAsync } from 'fastify'
import { PageFetcher } from '../fetcher/fetch-page'
import { MAX_URL_LENGTH, PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE } from '../fetcher/routes'
import { toolRouteGuards, type ToolRateLimits } from './tools-guards'
import { preferredLanguages, videoIdOf } from './youtube-request'
import { readYoutubeTranscript } from './youtube-transcript'

/** The free YouTube tool's limits (docs/adr/074): two fetches from YouTube per call. */
export const YOUTUBE_TRANSCRIPT_TOOL_LIMITS: ToolRateLimits = {
  name: 'tools-youtube-transcript',
  perAddressPerMinute: 10,
  perAddressPerDay: 100,
  perAccountPerMinute: PAGE_CONTENT_PER_ACCOUNT_PER_MINUTE,
}

export interface YoutubeTranscriptBody {
  /** A YouTube video address or its 11-character id. */
  url: string
  /** The language wanted (BCP 47, e.g. `de`, `pt-BR`); else the Accept-Language header's. */
  language?: string
}

/** The route with `limits` (tests use smaller ones). */
export function youtubeTranscriptToolRoutesWith(limits: ToolRateLimits): FastifyPluginAsync {
  return (app) => {
    const fetcher = new PageFetcher(app.services.config.misc.fetcher)
    const origin = new URL(app.services.config.misc.youtubeOrigin).origin
    app.addHook('onClose', () => fetcher.close())
    app.post<{ Body: YoutubeTranscriptBody }>(
      '/tools/youtube-transcript',
      {
        ...toolRouteGuards(app, limits),
        bodyLimit: 16 * 1024,
        schema: {
          body: {
            type: 'object',
            required: ['url'],
            additionalProperties: false,
            properties: {
              url: { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH },
              language: {
                type: 'string',
                maxLength: 35,
                pattern: '^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$',
              },
            },
          },
        },
      },
      async (request) =>
        readYoutubeTranscript(
          fetcher,
          origin,
          videoIdOf(request.body.url),
          preferredLanguages(request.body.language, request.headers['accept-language']),
        ),
    )
    return Promise.resolve()
  }
}

export const youtubeTranscriptToolRoutes = youtubeTranscriptToolRoutesWith(
  YOUTUBE_TRANSCRIPT_TOOL_LIMITS,
)
