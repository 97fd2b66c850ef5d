// The sidebar's stylesheet, one constant string rendered in a <style> element: the sidebar is its
// own page in an iframe, so nothing from the host page reaches it. Sizes are in em so that the
// font size chosen by the sidebar's width scales everything.
export const SIDEBAR_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: #fff; color: #1f2328; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.45; }
#__plasmo { height: 100%; }
.sidebar { display: flex; flex-direction: column; height: 100%; }
.sidebar-header { display: flex; align-items: center; justify-content: space-between;
  gap: 0.5em; padding: 0.75em 1em 0.5em; border-bottom: 1px solid #d8dee4; }
.sidebar-header h1 { font-size: 1.15em; margin: 0; }
.sidebar-main { flex: 1; overflow: auto; padding: 0.75em 1em 1.5em; }
button, input { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
.icon-button { border: 1px solid transparent; background: none; border-radius: 6px;
  width: 2em; height: 2em; font-size: 1.1em; line-height: 1; }
.icon-button:hover { background: #eef1f4; }
.search { display: grid; gap: 0.25em; margin-bottom: 0.75em; }
.search label { font-weight: 600; font-size: 0.9em; }
.search input { width: 100%; padding: 0.4em 0.6em; border: 1px solid #8c959f; border-radius: 6px; }
.tabs { display: flex; gap: 0.25em; border-bottom: 1px solid #d8dee4; margin-bottom: 0.75em; }
.tab { border: 0; background: none; padding: 0.4em 0.6em; border-bottom: 2px solid transparent;
  color: #57606a; }
.tab[aria-selected="true"] { color: #1f2328; border-bottom-color: #0969da; font-weight: 600; }
.list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6em; }
.card { border: 1px solid #d8dee4; border-radius: 8px; padding: 0.6em 0.75em; }
.mark { border-left: 0.35em solid var(--mark-color, #fdffb4); }
.mark-text { margin: 0; white-space: pre-wrap; word-break: break-word; }
.mark-note { margin: 0.4em 0 0; white-space: pre-wrap; word-break: break-word; color: #424a53;
  font-style: italic; }
.tags { display: flex; flex-wrap: wrap; gap: 0.3em; list-style: none; margin: 0.4em 0 0;
  padding: 0; }
.tag { background: #eef1f4; border-radius: 1em; padding: 0.05em 0.6em; font-size: 0.85em; }
.unplaced { margin-top: 0.5em; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em;
  font-size: 0.85em; color: #7d4e00; }
.unplaced-badge { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 4px;
  padding: 0.05em 0.4em; }
.link-button { border: 0; background: none; padding: 0; color: #0969da; text-decoration: underline; }
.explain { margin: 0.3em 0 0; font-size: 0.85em; color: #424a53; }
.bookmark-title { font-weight: 600; color: #0969da; word-break: break-word; }
.meta { font-size: 0.85em; color: #57606a; word-break: break-all; }
.row-button { width: 100%; text-align: left; display: flex; justify-content: space-between;
  gap: 0.5em; border: 1px solid #d8dee4; border-radius: 8px; background: #fff; padding: 0.5em 0.75em; }
.row-button:hover { background: #f6f8fa; }
.count { color: #57606a; }
.empty { color: #424a53; margin: 1em 0; }
.section-title { font-size: 0.95em; margin: 1em 0 0.5em; }
.back { margin-bottom: 0.5em; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.footer-link { display: inline-block; margin-top: 1em; color: #0969da; }
`
