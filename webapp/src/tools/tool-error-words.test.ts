import { Message } from '@inkmark/shared'
import { describe, expect, it } from 'vitest'
import { MiscCallError, UNREACHABLE_CODE } from '../misc/misc-client'
import { NO_MISC_SERVER_FAILURE, pageFetchFailure, transcriptFailure } from './tool-error-words'

const MISC = 'https://misc.example.com'
const failure = (status: number, code: string) =>
  new MiscCallError(status, code, 'the server said something')

describe("the free tools' error words", () => {
  it('gives the old message when this build has no misc server', () => {
    expect(pageFetchFailure(failure(422, 'NO_CONTENT'), undefined)).toBe(NO_MISC_SERVER_FAILURE)
    expect(NO_MISC_SERVER_FAILURE.message).toBe(Message.COULD_NOT_LOAD_CONTENT)
    expect(transcriptFailure(failure(404, 'NO_TRANSCRIPT'), undefined).message).toBe(
      'This Inkmark server cannot fetch YouTube transcripts.',
    )
  })

  it.each([
    [0, UNREACHABLE_CODE, "Inkmark's server is not reachable, so the page could not be fetched."],
    [429, 'RATE_LIMITED', 'Too many pages were fetched from your network in the last minute.'],
    [413, 'PAYLOAD_TOO_LARGE', 'The page is too large to read here (over 5 MB).'],
    [422, 'UNREACHABLE_ADDRESS', "Inkmark's server refused to fetch this address."],
    [400, 'BAD_REQUEST', "Inkmark's server refused to fetch this address."],
    [504, 'UNAVAILABLE', 'The page took too long to load.'],
    [422, 'NO_CONTENT', 'This page has no article to read.'],
    [401, 'TOKEN_EXPIRED', 'Your sign-in has expired, so the page could not be fetched.'],
    [500, 'INTERNAL', Message.COULD_NOT_LOAD_CONTENT],
  ])('says a page fetch answered %i %s in words', (status, code, message) => {
    expect(pageFetchFailure(failure(status, code), MISC).message).toBe(message)
  })

  it.each([
    [404, 'NO_TRANSCRIPT', 'This video has no captions, so there is no transcript to show.'],
    [404, 'no_transcript', 'This video has no captions, so there is no transcript to show.'],
    [404, 'VIDEO_NOT_FOUND', 'YouTube has no video at this address.'],
    [400, 'INVALID_URL', 'That is not the address of a YouTube video.'],
    [429, 'RATE_LIMITED', 'Too many transcripts were loaded from your network in the last minute.'],
    [504, 'TIMEOUT', 'YouTube took too long to answer.'],
    [502, 'UPSTREAM_ERROR', 'YouTube did not give the transcript.'],
    [401, 'TOKEN_EXPIRED', 'Your sign-in has expired, so the transcript could not be loaded.'],
    [
      0,
      UNREACHABLE_CODE,
      "Inkmark's server is not reachable, so the transcript could not be loaded.",
    ],
  ])('says a transcript fetch answered %i %s in words', (status, code, message) => {
    expect(transcriptFailure(failure(status, code), MISC).message).toBe(message)
  })

  it('never shows the server message as the explanation', () => {
    for (const words of [
      pageFetchFailure(failure(418, 'TEAPOT'), MISC),
      transcriptFailure(failure(418, 'TEAPOT'), MISC),
      pageFetchFailure(new Error('boom'), MISC),
    ]) {
      expect(`${words.message} ${words.advice}`).not.toContain('the server said something')
    }
  })
})
