// The Firefox build passes Mozilla's add-on linter (addons-linter, what `web-ext lint` runs): no
// errors, and no warnings but the two kinds we know and accept: React's own innerHTML writes in
// the popup and sidebar bundles (never in the content script, which builds its interface with DOM
// calls), data_collection_permissions being newer than Firefox for Android 140, and pdf.js's
// `new Function` in the PDF viewer's bundles, which the viewer never runs (isEvalSupported: false,
// docs/adr/014-pdf.md).
import { stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import linter from 'addons-linter'
import { describe, expect, it } from 'vitest'

const FIREFOX_BUILD = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '..'),
  'extension/build/firefox-mv3-prod',
)

interface LinterMessage {
  code: string
  file?: string
  message: string
}

const ACCEPTED_WARNINGS = new Set([
  'UNSAFE_VAR_ASSIGNMENT',
  'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION',
])

/** pdf.js (the viewer page and its worker) holds `new Function` behind isEvalSupported, turned off. */
function isPdfJsEval(warning: LinterMessage): boolean {
  return (
    warning.code === 'DANGEROUS_EVAL' && /^(pdf\.worker\.|tabs\/viewer\.)/.test(warning.file ?? '')
  )
}

describe('the Firefox build', () => {
  it('passes the add-on linter', async () => {
    await stat(join(FIREFOX_BUILD, 'manifest.json')).catch(() => {
      throw new Error(`No Firefox build at ${FIREFOX_BUILD}: run 'npm run build -w extension'`)
    })
    const instance = linter.createInstance({
      config: {
        _: [FIREFOX_BUILD],
        logLevel: 'fatal',
        stack: false,
        pretty: false,
        warningsAsErrors: false,
        metadata: false,
        output: 'none',
        boring: true,
        selfHosted: false,
      },
      runAsBinary: false,
    })
    const result = (await instance.run()) as { errors: LinterMessage[]; warnings: LinterMessage[] }
    expect(result.errors.map((error) => `${error.code}: ${error.message}`)).toEqual([])
    const unexpected = result.warnings.filter(
      (warning) => !ACCEPTED_WARNINGS.has(warning.code) && !isPdfJsEval(warning),
    )
    expect(unexpected.map((warning) => `${warning.code} in ${warning.file}`)).toEqual([])
    const contentScriptWarnings = result.warnings.filter((warning) =>
      warning.file?.startsWith('highlighter.'),
    )
    expect(contentScriptWarnings).toEqual([])
  })
})
