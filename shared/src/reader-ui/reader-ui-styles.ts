// The styles of the reader's highlight toolbar and note form, brought by HighlightableArticle
// itself so the extension's reader tab and the web app's reader look and behave the same. The
// toolbar is light in both themes (it floats over the article), so its colours are fixed.
export const READER_UI_CSS = `
.reader-palette { position: fixed; z-index: 20; display: flex; gap: 0.25rem; padding: 0.35rem;
  background: #ffffff; color: #1f1f24; border: 1px solid #55555e; border-radius: 8px;
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.2); }
.reader-swatch { width: 1.75rem; height: 1.75rem; border: 1px solid #55555e; border-radius: 50%;
  cursor: pointer; }
.reader-swatch[aria-pressed='true'] { box-shadow: 0 0 0 2px #ffffff, 0 0 0 4px #1f1f24; }
.reader-action { margin-left: 0.25rem; padding: 0 0.6rem; border: 1px solid #55555e;
  border-radius: 6px; background: #ffffff; color: #1f1f24; font: inherit; font-size: 0.9rem;
  cursor: pointer; }
.reader-note { position: fixed; z-index: 20; display: grid; gap: 0.4rem; width: min(22rem, 90vw);
  padding: 0.6rem; background: #ffffff; color: #1f1f24; border: 1px solid #55555e;
  border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 0.2); font-size: 0.95rem;
  line-height: 1.4; }
.reader-note label { font-weight: 600; }
.reader-note textarea { font: inherit; box-sizing: border-box; width: 100%; padding: 0.4rem;
  border: 1px solid #55555e; border-radius: 6px; background: #ffffff; color: #1f1f24;
  resize: vertical; }
.reader-note .note-form-hint { margin: 0; font-size: 0.8rem; color: #4a4a52; }
.reader-note .note-form-actions { display: flex; gap: 0.4rem; }
.reader-note .reader-action { margin-left: 0; padding: 0.2rem 0.6rem; }
.reader-swatch:focus-visible, .reader-action:focus-visible, .reader-note textarea:focus-visible,
.reader-content [markid][tabindex]:focus-visible { outline: 3px solid #1d4ed8;
  outline-offset: 2px; }
.reader-content [markid] { cursor: pointer; }
`
