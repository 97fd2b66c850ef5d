// The public pages' one stylesheet, inline in each page under a CSP hash (no extra request for a
// chat app's preview fetcher, nothing to cache apart from the page). Its colours are the design
// system's tokens (design/src/tokens.css, ADR 034), copied because the relay does not depend on
// the design package; public-page-style.test.ts keeps the copies equal to the tokens.

/** The light tokens the page uses, as in design/src/tokens.css `:root`. */
export const LIGHT_TOKENS = {
  '--ink-color-bg': '#ffffff',
  '--ink-color-surface': '#f7f7f5',
  '--ink-color-border': '#d9d7d2',
  '--ink-color-text': '#1c1917',
  '--ink-color-text-muted': '#57534e',
  '--ink-color-accent': '#4338ca',
  '--ink-color-accent-text': '#ffffff',
  '--ink-color-accent-soft': '#eef0ff',
  '--ink-color-focus': '#4f46e5',
} as const

/** The dark tokens, as in design/src/tokens.css under `prefers-color-scheme: dark`. */
export const DARK_TOKENS = {
  '--ink-color-bg': '#161618',
  '--ink-color-surface': '#1f1f23',
  '--ink-color-border': '#3f3f46',
  '--ink-color-text': '#f4f4f5',
  '--ink-color-text-muted': '#b4b4bd',
  '--ink-color-accent': '#a5b4fc',
  '--ink-color-accent-text': '#161618',
  '--ink-color-accent-soft': '#2a2b45',
  '--ink-color-focus': '#a5b4fc',
} as const

function declarations(tokens: Readonly<Record<string, string>>): string {
  return Object.entries(tokens)
    .map(([name, value]) => `${name}:${value};`)
    .join('')
}

/** The page's rules; the highlight colours are added per page (highlightColorRules). */
export const PUBLIC_PAGE_CSS = [
  `:root{color-scheme:light dark;${declarations(LIGHT_TOKENS)}--ink-font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;--ink-font-family-serif:Georgia,'Iowan Old Style','Times New Roman',serif}`,
  `@media (prefers-color-scheme:dark){:root{${declarations(DARK_TOKENS)}}}`,
  '*,*::before,*::after{box-sizing:border-box}',
  'body{margin:0;background:var(--ink-color-bg);color:var(--ink-color-text);font-family:var(--ink-font-family);font-size:1rem;line-height:1.5;overflow-wrap:anywhere}',
  'a{color:var(--ink-color-accent)}',
  'a:focus-visible{outline:2px solid var(--ink-color-focus);outline-offset:2px}',
  '.page{max-width:42rem;margin:0 auto;padding:2rem 1rem 3rem}',
  '.brand{font-weight:700;font-size:0.875rem;color:var(--ink-color-text-muted);text-decoration:none}',
  'h1{font-size:1.75rem;line-height:1.25;margin:1.5rem 0 0.5rem}',
  '.source{margin:0 0 0.25rem;font-size:0.875rem;color:var(--ink-color-text-muted)}',
  '.meta{display:flex;flex-wrap:wrap;gap:0.5rem 1rem;margin:0.75rem 0;font-size:0.875rem;color:var(--ink-color-text-muted)}',
  '.tags{display:flex;flex-wrap:wrap;gap:0.5rem;list-style:none;padding:0;margin:0.75rem 0}',
  '.tags li{padding:0.125rem 0.75rem;border-radius:999px;background:var(--ink-color-accent-soft);font-size:0.875rem}',
  '.marks{list-style:none;padding:0;margin:2rem 0}',
  '.mark{margin:0 0 1.5rem}',
  '.mark blockquote{margin:0;padding:0.75rem 1rem;border-inline-start:0.375rem solid var(--hl,#fdffb4);border-radius:4px;background:var(--ink-color-surface);font-family:var(--ink-font-family-serif);font-size:1.125rem;white-space:pre-wrap}',
  '.note{margin:0.5rem 0 0 1.375rem;white-space:pre-wrap}',
  '.note-label{font-weight:700}',
  '.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
  '.empty{color:var(--ink-color-text-muted)}',
  '.cta{margin:2.5rem 0 0;padding:1rem;border:1px solid var(--ink-color-border);border-radius:8px;background:var(--ink-color-surface)}',
  '.cta a{display:inline-block;margin-top:0.5rem;padding:0.5rem 1rem;border-radius:999px;background:var(--ink-color-accent);color:var(--ink-color-accent-text);font-weight:700;text-decoration:none}',
].join('\n')

/** A colour that may go into a rule: normalized lowercase hex, nothing else. */
export const SAFE_HEX_COLOR = /^#(?:[0-9a-f]{6}|[0-9a-f]{8})$/

/** `.hl-N{--hl:#hex}` for the Nth colour; a colour that is not SAFE_HEX_COLOR is a bug: throws. */
export function highlightColorRules(colors: readonly string[]): string {
  return colors
    .map((color, index) => {
      if (!SAFE_HEX_COLOR.test(color)) {
        throw new Error('highlightColorRules: a colour must be checked before it is styled')
      }
      return `.hl-${index}{--hl:${color}}`
    })
    .join('\n')
}
