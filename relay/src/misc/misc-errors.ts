// The misc server's own error codes (docs/adr/065), part of the relay's ErrorCode list.
export const MiscErrorCode = {
  /** 422: the address is private, loopback, link-local or a metadata service (after DNS, on a redirect). */
  UNREACHABLE_ADDRESS: 'UNREACHABLE_ADDRESS',
  /** 422: the page answered, but with nothing Readability could read (or not HTML, or an error). */
  NO_CONTENT: 'NO_CONTENT',
  /** 400: the free YouTube tool was given something that is not a YouTube video address or id. */
  INVALID_URL: 'INVALID_URL',
  /** 404: YouTube says the video does not exist or cannot be played. */
  VIDEO_NOT_FOUND: 'VIDEO_NOT_FOUND',
  /** 404: the video has no caption track (or an empty one). */
  NO_TRANSCRIPT: 'NO_TRANSCRIPT',
  /** 502: YouTube answered something the misc server could not use (blocked, changed, too large). */
  UPSTREAM_ERROR: 'UPSTREAM_ERROR',
  /** 504: YouTube did not answer in time. */
  TIMEOUT: 'TIMEOUT',
} as const
