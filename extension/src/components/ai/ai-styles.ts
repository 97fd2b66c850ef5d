// The AI panels' own layout (the sidebar and the reader), on the design tokens only; the controls
// themselves are the design system's (components.css). Sizes in em, so that the sidebar's font
// size (chosen by its width) scales them.
export const AI_CSS = `
.ai-view { display: grid; gap: 1.25em; }
.ai-section { display: grid; gap: 0.6em; }
.ai-heading { font-size: 1em; margin: 0; }
.ai-controls { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5em; }
.ai-actions { display: flex; flex-wrap: wrap; gap: 0.5em; align-items: center; }
.ai-status { margin: 0; min-height: 1.2em; font-size: 0.85em; color: var(--ink-color-text-muted); }
.ai-progress { width: 100%; accent-color: var(--ink-color-accent); }
.ai-summary, .ai-notice { background: var(--ink-color-surface-raised);
  border: 1px solid var(--ink-color-border); border-radius: var(--ink-radius-2);
  padding: 0.6em 0.75em; overflow-wrap: anywhere; }
.ai-summary p, .ai-notice p, .ai-message p { margin: 0 0 0.5em; }
.ai-summary ul, .ai-summary ol, .ai-message ul, .ai-message ol { margin: 0 0 0.5em; padding-left: 1.25em; }
.ai-md-heading { font-weight: 600; }
.ai-explain { margin: 0; font-size: 0.85em; color: var(--ink-color-text-muted); }
.ai-problem { margin: 0; font-size: 0.85em; color: var(--ink-color-danger); }
.ai-chat { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5em; }
.ai-message { border-radius: var(--ink-radius-2); padding: 0.5em 0.75em; overflow-wrap: anywhere;
  border: 1px solid var(--ink-color-border); background: var(--ink-color-surface-raised); }
.ai-message--user { background: var(--ink-color-surface); }
.ai-message-author { display: block; font-size: 0.8em; font-weight: 600;
  color: var(--ink-color-text-muted); margin-bottom: 0.2em; }
.ai-compose { display: grid; gap: 0.5em; }
.ai-compose textarea { width: 100%; }
.ai-dialog-actions { display: flex; gap: 0.5em; justify-content: flex-end; margin-top: 1em; }
.ai-dialog-actions a { text-decoration: none; }
`
