// The misc server's own error codes (docs/adr/065), part of the relay's ErrorCode list.
export const MiscErrorCode = {
  /** 422: the address is private, loopback, link-local or a metadata service (after DNS, on a redirect). */
  UNREACHABLE_ADDRESS: 'UNREACHABLE_ADDRESS',
  /** 422: the page answered, but with nothing Readability could read (or not HTML, or an error). */
  NO_CONTENT: 'NO_CONTENT',
} as const
