// The settings form's own styles, with the design tokens only, scoped to the form: the extension's
// options page has no stylesheet of the web app's, and the web app's Settings view adds its card
// look to the sections around them.
export const SETTINGS_FORM_CSS = `
.chrome-settings-form { display: flex; flex-direction: column; gap: 1.5rem; }
.chrome-settings-form fieldset {
  border: 1px solid var(--ink-color-border);
  border-radius: var(--ink-radius-3);
  padding: var(--ink-space-4) var(--ink-space-5);
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  align-items: flex-start;
  min-width: 0;
}
.chrome-settings-form legend { font-weight: 700; padding: 0 var(--ink-space-1); }
.chrome-settings-form .field-label { display: block; font-weight: 600; margin-top: 0.5rem; }
.chrome-settings-form .settings-hint { margin: 0; color: var(--ink-color-text-muted); max-width: 40rem; }
.chrome-settings-form .settings-problem { margin: 0; color: var(--ink-color-danger); }
.chrome-settings-form .radio { display: flex; gap: var(--ink-space-2); align-items: center; }
.chrome-settings-form .settings-choice { display: flex; flex-direction: column; gap: 0.25rem; }
.chrome-settings-form .settings-number { width: 8rem; }
.chrome-settings-form .settings-swatches { display: flex; flex-wrap: wrap; gap: var(--ink-space-2); list-style: none; margin: 0; padding: 0; }
.chrome-settings-form .settings-swatch {
  display: block; width: 1.5rem; height: 1.5rem; border-radius: 50%;
  border: 1px solid var(--ink-color-border);
}
.chrome-settings-form .blacklist-own { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--ink-space-1); width: 100%; }
.chrome-settings-form .blacklist-own li { display: flex; gap: var(--ink-space-3); align-items: center; justify-content: space-between; overflow-wrap: anywhere; }
.chrome-settings-form .blacklist-add { display: flex; flex-wrap: wrap; gap: var(--ink-space-2); align-items: flex-end; }
.chrome-settings-form .blacklist-builtin ul { margin: var(--ink-space-1) 0 var(--ink-space-3); padding-left: 1.25rem; }
.chrome-settings-form .blacklist-builtin code { overflow-wrap: anywhere; }
`
