// The viewer page's own look, on the design system's tokens (@inkmark/design/tokens.css, imported
// by tabs/viewer.tsx; ADR 034), light and dark by the system: a bar with the PDF's title, the
// preparation notice under it, and the pages on a desk (the pages' styles come with
// @inkmark/shared/pdf; a PDF page stays white, as printed).
export const VIEWER_CSS = `
html, body { margin: 0; }
:root { color-scheme: light dark; }
body { background: color-mix(in srgb, var(--ink-color-text) 70%, var(--ink-color-bg));
  font: 14px/1.4 var(--ink-font-family); color: var(--ink-color-text); }
:focus-visible { outline: 3px solid var(--ink-color-focus); outline-offset: 2px; }
.viewer-bar { position: sticky; top: 0; z-index: 2; display: flex; gap: var(--ink-space-3);
  align-items: center; padding: var(--ink-space-2) var(--ink-space-4);
  background: var(--ink-color-surface-raised); border-bottom: 1px solid var(--ink-color-border);
  box-shadow: var(--ink-shadow-1); }
.viewer-brand { font-weight: 700; }
.viewer-title { margin: 0; font-size: var(--ink-font-size-sm); font-weight: 400; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; color: var(--ink-color-text-muted); }
.viewer-notice { position: fixed; top: 56px; left: 50%; transform: translateX(-50%); z-index: 3;
  background: var(--ink-color-surface-raised); color: var(--ink-color-text);
  border: 1px solid var(--ink-color-border); box-shadow: var(--ink-shadow-2);
  border-radius: var(--ink-radius-2); padding: var(--ink-space-2) var(--ink-space-4); }
.viewer-notice:empty { padding: 0; border: 0; box-shadow: none; }
.viewer-message { max-width: 560px; margin: var(--ink-space-7) auto;
  background: var(--ink-color-surface-raised); color: var(--ink-color-text);
  border-radius: var(--ink-radius-3); box-shadow: var(--ink-shadow-3); padding: var(--ink-space-5); }
.viewer-message h2 { margin-top: 0; font-size: var(--ink-font-size-lg); }
.viewer-file { word-break: break-all; color: var(--ink-color-text-muted); }
`
