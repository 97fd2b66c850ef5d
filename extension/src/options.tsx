// The extension's options page: every chrome setting a person changes (the form the web app's
// Settings view shows too, ADR 077; the popup's "change the list of sites" opens #blacklist), this
// device's AI settings (the sidebar's and the reader's "Open AI settings" lead here) and its
// anonymous usage counts switch. Account, backup and the colour theme are the web app's.
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import { AiSettingsForm } from './components/options/AiSettingsForm'
import { ChromeSettingsSection } from './components/options/ChromeSettingsSection'
import { PrivacySection } from './components/options/PrivacySection'

document.documentElement.lang = 'en'
document.title = 'Inkmark settings'

const OPTIONS_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; background: var(--ink-color-bg); color: var(--ink-color-text); }
:root { color-scheme: light dark; }
body { font-family: var(--ink-font-family); line-height: var(--ink-line-height, 1.5); }
.options-main { max-width: 40rem; margin: 0 auto; padding: var(--ink-space-5) var(--ink-space-4); }
.options-main h1 { font-size: 1.5rem; margin: 0 0 var(--ink-space-4); }
.options-section h2 { font-size: 1.15rem; margin: 0 0 var(--ink-space-2); }
.options-section + .options-section { margin-top: var(--ink-space-5); }
.options-form { display: grid; gap: var(--ink-space-4); }
.options-actions { display: flex; flex-wrap: wrap; gap: var(--ink-space-3); align-items: center; }
.options-explain { margin: 0 0 var(--ink-space-3); color: var(--ink-color-text-muted); }
.options-problem { margin: 0; color: var(--ink-color-danger); }
`

function OptionsPage() {
  return (
    <main className="options-main">
      <style>{OPTIONS_CSS}</style>
      <h1>Inkmark settings</h1>
      <ChromeSettingsSection />
      <AiSettingsForm />
      <PrivacySection />
    </main>
  )
}

export default OptionsPage
