// Which kind of build this is. Only a production build publishes: it never shows sample entries
// and refuses to build while the operator's content has samples or unfilled placeholders
// (productionContentProblems). Development and preview builds show clearly marked samples when
// the operator's lists are empty. Set with SITE_STAGE (or VITE_SITE_STAGE) at build time; a
// build (`vite build`) that names none is a production build, so that forgetting the variable
// can never publish samples or an unfilled imprint (`npm start`, the tests and the benchmark name
// 'development').

/** The kinds of build. */
export const SITE_STAGES = ['development', 'preview', 'production'] as const
/** One kind of build. */
export type SiteStage = (typeof SITE_STAGES)[number]

/** Reads a stage name; anything unknown or unset is 'development' (never publishes). */
export function toSiteStage(value: unknown): SiteStage {
  return SITE_STAGES.find((stage) => stage === value) ?? 'development'
}

/** This build's stage, from SITE_STAGE / VITE_SITE_STAGE; unset: production in a build. */
export function siteStage(): SiteStage {
  const env = import.meta.env as Record<string, unknown>
  const named = env.SITE_STAGE ?? env.VITE_SITE_STAGE
  if ((named === undefined || named === '') && env.PROD === true) {
    return 'production'
  }
  return toSiteStage(named)
}
