import {
  APIErrorCode,
  APIResponseError,
  RequestTimeoutError,
  UnknownHTTPResponseError,
} from '@notionhq/client'
import { describe, expect, it } from 'vitest'
import { notionError, notionOAuthError } from './notion-errors'

function apiError(code: APIErrorCode, status: number, headers: Record<string, string> = {}) {
  return new APIResponseError({
    code,
    status,
    message: `Notion says ${code}`,
    headers: new Headers(headers),
    rawBodyText: '',
    additional_data: undefined,
    request_id: undefined,
  })
}

const now = Date.UTC(2026, 10, 26)

describe('notionError', () => {
  it("maps Notion's codes to the product-level codes and statuses", () => {
    const cases: [APIErrorCode, number, number, string][] = [
      [APIErrorCode.Unauthorized, 401, 401, 'unauthorized'],
      [APIErrorCode.ObjectNotFound, 404, 404, 'object_not_found'],
      [APIErrorCode.RestrictedResource, 403, 404, 'object_not_found'],
      [APIErrorCode.ValidationError, 400, 400, 'validation_error'],
      [APIErrorCode.InvalidJSON, 400, 400, 'validation_error'],
      [APIErrorCode.InvalidRequestURL, 400, 400, 'validation_error'],
      [APIErrorCode.InvalidRequest, 400, 400, 'validation_error'],
      [APIErrorCode.ConflictError, 409, 502, 'unknown_error'],
      [APIErrorCode.InternalServerError, 500, 502, 'unknown_error'],
      [APIErrorCode.ServiceUnavailable, 503, 502, 'unknown_error'],
    ]
    for (const [code, status, answered, product] of cases) {
      const mapped = notionError(apiError(code, status), now)
      expect([mapped.status, mapped.code], code).toEqual([answered, product])
    }
    expect(notionError(apiError(APIErrorCode.ValidationError, 400), now).message).toContain(
      'Notion says validation_error',
    )
  })

  it('passes Retry-After on (seconds or a date), 1 s when Notion sent none', () => {
    expect(
      notionError(apiError(APIErrorCode.RateLimited, 429, { 'retry-after': '30' }), now),
    ).toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 30,
    })
    const date = new Date(now + 5_000).toUTCString()
    expect(
      notionError(apiError(APIErrorCode.RateLimited, 429, { 'retry-after': date }), now)
        .retryAfterSeconds,
    ).toBe(5)
    expect(notionError(apiError(APIErrorCode.RateLimited, 429), now).retryAfterSeconds).toBe(1)
  })

  it('says a timeout timed out, and anything unexpected is a 502', () => {
    expect(notionError(new RequestTimeoutError(), now)).toMatchObject({
      status: 504,
      code: 'unknown_error',
    })
    expect(notionError(new RequestTimeoutError(), now).message).toContain('timed out')
    const html = new UnknownHTTPResponseError({
      status: 502,
      message: undefined,
      headers: new Headers(),
      rawBodyText: '<html>',
    })
    expect(notionError(html, now)).toMatchObject({ status: 502, code: 'unknown_error' })
    expect(notionError(new TypeError('fetch failed'), now)).toMatchObject({
      status: 502,
      code: 'unknown_error',
    })
  })
})

describe('notionOAuthError', () => {
  it("is invalid_grant for Notion's 400 OAuth answer", () => {
    const refused = new UnknownHTTPResponseError({
      status: 400,
      message: undefined,
      headers: new Headers(),
      rawBodyText: '{"error":"invalid_grant"}',
    })
    expect(notionOAuthError(refused, now)).toMatchObject({ status: 400, code: 'invalid_grant' })
    expect(notionOAuthError(new RequestTimeoutError(), now).status).toBe(504)
  })
})
