// The reader page's stylesheet, one constant string rendered in a <style> element, on the design
// system's tokens (@inkmark/design/tokens.css, imported by tabs/reader.tsx; ADR 034). Light, dark
// and auto are the tokens' themes (ReaderPage sets <html data-theme> from the colour mode); sepia
// and high contrast are the reader's own reading themes. The article's size, width and line
// height are set on the article itself from the person's settings. Every pair of colours keeps a
// contrast of at least 4.5:1.
export const READER_CSS = `
*, *::before, *::after { box-sizing: border-box; }
:root { --bg: var(--ink-color-bg); --fg: var(--ink-color-text);
  --muted: var(--ink-color-text-muted); --link: var(--ink-color-accent);
  --border: var(--ink-color-border); --panel: var(--ink-color-surface); }
:root[data-color-mode="light"] { color-scheme: light; }
:root[data-color-mode="dark"] { color-scheme: dark; }
:root[data-color-mode="auto"] { color-scheme: light dark; }
:root[data-color-mode="sepia"] { color-scheme: light; --bg: #f4ecd8; --fg: #3b2f20;
  --muted: #5f4b32; --link: #8a3b12; --border: #cbb991; --panel: #ebe0c6; }
:root[data-color-mode="contrast"] { color-scheme: dark; --bg: #000000; --fg: #ffffff;
  --muted: #ffffff; --link: #ffff00; --border: #ffffff; --panel: #000000; }
html, body { margin: 0; background: var(--bg); color: var(--fg); }
body { font: 16px/1.5 var(--ink-font-family); }
a { color: var(--link); }
:focus-visible { outline: 3px solid var(--ink-color-focus); outline-offset: 2px; }
:root[data-color-mode="sepia"] :focus-visible, :root[data-color-mode="contrast"] :focus-visible {
  outline-color: var(--link); }
button, input { font: inherit; color: inherit; }
.reader-bar { position: sticky; top: 0; z-index: 1; display: flex; align-items: center;
  gap: 1rem; padding: 0.5rem 1rem; background: var(--bg); border-bottom: 1px solid var(--border); }
.reader-brand { font-weight: 600; margin-right: auto; }
.reader-button { border: 1px solid var(--border); background: var(--panel);
  border-radius: var(--ink-radius-2); min-height: 2.25rem; padding: var(--ink-space-1) var(--ink-space-3);
  font-size: var(--ink-font-size-sm); font-weight: 550; box-shadow: var(--ink-shadow-1); cursor: pointer; }
.reader-settings { display: grid; gap: 0.75rem; padding: 1rem; background: var(--panel);
  border-bottom: 1px solid var(--border); grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
.reader-settings[hidden] { display: none; }
.reader-setting { display: grid; gap: 0.25rem; }
.reader-setting label, .reader-modes legend { font-weight: 600; }
.reader-setting output { color: var(--muted); }
.reader-modes { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; }
.reader-modes legend { padding: 0; margin-bottom: 0.25rem; width: 100%; }
.reader-main { padding: 2rem 1.25rem 4rem; }
.reader-article { margin: 0 auto; font-family: var(--ink-font-family-serif);
  overflow-wrap: break-word; }
.reader-article h1 { font-size: 1.75em; line-height: 1.2; margin: 0 0 0.5rem; }
.reader-meta { color: var(--muted); font-size: 0.85em; margin: 0 0 2rem; }
.reader-meta a { color: var(--link); }
.reader-content img, .reader-content video { max-width: 100%; height: auto; }
.reader-content pre { white-space: pre-wrap; font-size: 0.85em; }
.reader-content code { font-size: 0.9em; }
.reader-content blockquote { margin: 1em 0; padding-left: 1em; border-left: 3px solid var(--border); }
.reader-content table { border-collapse: collapse; max-width: 100%; font-size: 0.85em; }
.reader-content th, .reader-content td { border: 1px solid var(--border); padding: 0.25em 0.5em; }
.reader-failure { max-width: 40rem; margin: 3rem auto; text-align: center; }
.reader-notice { margin: 0; padding: 0.5rem 1rem; background: var(--panel);
  border-bottom: 1px solid var(--border); }
.reader-notice[hidden] { display: none; }
.reader-content inkmark-highlight { color: #1f1f24; }
.reader-failure h1 { font-size: 1.4rem; }
.reader-ai { max-width: 44rem; margin: 0 auto; padding: 1rem 1.25rem; background: var(--panel);
  border-bottom: 1px solid var(--border); }
.reader-ai[hidden] { display: none; }
`
