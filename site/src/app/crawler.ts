// Known crawlers: they get no client-side error page (the error is only logged), so that a chunk
// that failed to load in a crawler's renderer does not get indexed as the page's content.
const CRAWLER_PATTERN =
  /googlebot|google-inspectiontool|adsbot-google|mediapartners-google|bingbot|bingpreview|slurp|duckduckbot|baiduspider|yandex(bot)?|sogou|exabot|facebot|facebookexternalhit|ia_archiver|twitterbot|linkedinbot|applebot|petalbot|semrushbot|ahrefsbot|gptbot|ccbot|claudebot/i

/** Whether a user agent is a known crawler. */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER_PATTERN.test(userAgent)
}
