// The sidebar's stylesheet, one constant string rendered in a <style> element: the sidebar is its
// own page in an iframe, so nothing from the host page reaches it. Colours, spacing, radii and
// motion come from the design tokens (@inkmark/design/tokens.css, imported by the page), light or
// dark with the system; sizes are in em so that the font size chosen by the sidebar's width
// scales everything.
export const SIDEBAR_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: var(--ink-color-bg); color: var(--ink-color-text); }
:root { color-scheme: light dark; }
body { font-family: var(--ink-font-family); line-height: var(--ink-line-height, 1.5); }
#__plasmo { height: 100%; }
.sidebar { display: flex; flex-direction: column; height: 100%; }
.sidebar-header { display: flex; align-items: center; justify-content: space-between;
  gap: 0.5em; padding: 0.75em 1em 0.5em; border-bottom: 1px solid var(--ink-color-border); }
.sidebar-header h1 { font-size: 1.15em; margin: 0; }
.sidebar-main { flex: 1; overflow: auto; padding: 0.75em 1em 1.5em; }
button, input, textarea, select { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid var(--ink-color-focus); outline-offset: 2px; }
input, textarea, select { background: var(--ink-color-surface-raised);
  border: 1px solid var(--ink-color-border); border-radius: var(--ink-radius-1); }
.icon-button { border: 1px solid transparent; background: none; border-radius: var(--ink-radius-1);
  width: 2em; height: 2em; font-size: 1.1em; line-height: 1; }
.icon-button:hover { background: var(--ink-color-surface); }
.search { display: grid; gap: 0.25em; margin-bottom: 0.75em; }
.search label { font-weight: 600; font-size: 0.9em; }
.search input { width: 100%; padding: 0.4em 0.6em; }
.tabs { display: flex; gap: 0.25em; border-bottom: 1px solid var(--ink-color-border);
  margin-bottom: 0.75em; }
.tab { border: 0; background: none; padding: 0.4em 0.6em; border-bottom: 2px solid transparent;
  color: var(--ink-color-text-muted); }
.tab[aria-selected="true"] { color: var(--ink-color-text); border-bottom-color: var(--ink-color-accent);
  font-weight: 600; }
.filter { display: flex; gap: 0.4em; margin-bottom: 0.4em; }
.filter input { flex: 1; min-width: 0; padding: 0.35em 0.5em; }
.filter select { padding: 0.35em 0.3em; }
.list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6em; }
.card { background: var(--ink-color-surface-raised); border: 1px solid var(--ink-color-border);
  border-radius: var(--ink-radius-2); padding: 0.6em 0.75em; }
.mark { border-left: 0.35em solid var(--mark-color, var(--ink-color-accent-soft)); }
.mark-text { margin: 0; white-space: pre-wrap; word-break: break-word; }
.mark-show { display: block; width: 100%; text-align: left; background: none; border: 0;
  padding: 0.1em 0.2em; margin: -0.1em -0.2em 0; border-radius: var(--ink-radius-1); }
.mark-show:hover { background: var(--ink-color-accent-soft); }
.mark-note { margin: 0.4em 0 0; white-space: pre-wrap; word-break: break-word;
  color: var(--ink-color-text-muted); font-style: italic; }
.note { margin-top: 0.5em; display: grid; gap: 0.15em; }
.note textarea { width: 100%; resize: vertical; padding: 0.35em 0.5em; min-height: 2.6em; }
.status { font-size: 0.8em; color: var(--ink-color-text-muted); min-height: 1.2em; }
.tag-editor { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em; margin-top: 0.3em; }
.tag-input { flex: 1; min-width: 6em; padding: 0.2em 0.5em; font-size: 0.9em; }
.tags { display: flex; flex-wrap: wrap; gap: 0.3em; list-style: none; margin: 0.4em 0 0;
  padding: 0; }
.tag-editor .tags { margin: 0; }
.tag { display: inline-flex; align-items: center; gap: 0.2em; background: var(--ink-color-surface);
  border: 1px solid var(--ink-color-border); border-radius: var(--ink-radius-pill);
  padding: 0.05em 0.6em; font-size: 0.85em; }
.tag-remove { border: 0; background: none; padding: 0 0.15em; line-height: 1;
  color: var(--ink-color-text-muted); border-radius: var(--ink-radius-pill); }
.mark-actions { display: flex; align-items: center; justify-content: space-between; gap: 0.5em;
  margin-top: 0.5em; }
.swatches { display: flex; flex-wrap: wrap; gap: 0.25em; }
.swatch { width: 1.4em; height: 1.4em; border-radius: var(--ink-radius-pill); padding: 0;
  background: var(--swatch); border: 1px solid var(--ink-color-border); }
.swatch[aria-pressed="true"] { box-shadow: 0 0 0 2px var(--ink-color-bg), 0 0 0 4px var(--ink-color-text); }
.text-button { border: 0; background: none; padding: 0.2em 0.4em; border-radius: var(--ink-radius-1);
  text-decoration: underline; }
.danger { color: var(--ink-color-danger); }
.error { margin: 0.4em 0 0; color: var(--ink-color-danger); font-size: 0.85em; }
.unplaced { margin-top: 0.5em; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em;
  font-size: 0.85em; color: var(--ink-color-text); }
.unplaced-badge { background: var(--ink-color-surface); border: 1px solid var(--ink-color-border);
  border-radius: var(--ink-radius-1); padding: 0.05em 0.4em; }
.link-button { border: 0; background: none; padding: 0; color: var(--ink-color-accent);
  text-decoration: underline; }
.memory-level { margin: 0.4em 0 0; font-size: 0.8em; color: var(--ink-color-text-muted); }
.explain { margin: 0.3em 0 0; font-size: 0.85em; color: var(--ink-color-text-muted); }
.bookmark-title { font-weight: 600; color: var(--ink-color-accent); word-break: break-word; }
.meta { font-size: 0.85em; color: var(--ink-color-text-muted); word-break: break-all; margin: 0 0 0.5em; }
.row-button { width: 100%; text-align: left; display: flex; justify-content: space-between;
  gap: 0.5em; border: 1px solid var(--ink-color-border); border-radius: var(--ink-radius-2);
  background: var(--ink-color-surface-raised); padding: 0.5em 0.75em; }
.row-button:hover { background: var(--ink-color-surface); }
.count { color: var(--ink-color-text-muted); }
.sync-plan-notice { margin: 0 0 0.75em; padding: 0.6em 0.75em; border: 1px solid var(--ink-color-border);
  border-radius: var(--ink-radius-2); background: var(--ink-color-surface); }
.sync-plan-notice p { margin: 0 0 0.5em; }
.empty { color: var(--ink-color-text-muted); margin: 1em 0; }
.section-title { font-size: 0.95em; margin: 1em 0 0.5em; }
.back { margin-bottom: 0.5em; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.footer-link { display: inline-block; margin-top: 1em; color: var(--ink-color-accent); }
`
