// The controls' styles shared by Inkmark's panels on a page (in the closed root, ui-host.ts) and
// the toolbox's own frame (components/toolbox/toolbox-styles.ts), so both look the same.

/** Rows, colour swatches, text buttons, fields, the toolbox grid, tags and hidden labels. */
export const PANEL_CONTROL_STYLES = `
.row { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.swatch { width: 24px; height: 24px; border-radius: 50%; border: 2px solid rgba(0,0,0,.15);
  cursor: pointer; padding: 0; }
.swatch[aria-pressed="true"] { border-color: #1f2328; }
button.text { border: 1px solid #d0d7de; background: #f6f8fa; border-radius: 6px; padding: 4px 8px;
  cursor: pointer; font: inherit; color: inherit; }
button:focus-visible, textarea:focus-visible, input:focus-visible { outline: 2px solid #0969da;
  outline-offset: 1px; }
textarea, input { font: inherit; border: 1px solid #d0d7de; border-radius: 6px; padding: 4px 6px;
  box-sizing: border-box; }
textarea { width: 100%; min-height: 64px; resize: vertical; }
.toolbox { width: 300px; display: grid; gap: 8px; }
.tag { display: inline-flex; gap: 4px; align-items: center; background: #eef1f4; border-radius: 10px;
  padding: 1px 8px; }
.tag button { border: 0; background: none; cursor: pointer; padding: 0 2px; font: inherit; }
.tag-field { display: grid; gap: 2px; }
.tag-suggestions { list-style: none; margin: 0; padding: 2px; border: 1px solid #d0d7de;
  border-radius: 6px; max-height: 160px; overflow: auto; }
.tag-suggestion { padding: 3px 6px; border-radius: 4px; cursor: pointer; }
.tag-suggestion:hover { background: #eef1f4; }
.tag-suggestion[aria-selected="true"] { background: #ddf4ff; outline: 2px solid #0969da;
  outline-offset: -2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); }
`
