// axe-core in a page, reporting only what the web app's tests hold to zero: serious and critical
// violations, each with its rule, help text and the first offending element.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical axe-core violations in the page's document. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) {
    await page.evaluate(await axeSource)
  }
  return page.evaluate(async () => {
    interface Violation {
      id: string
      impact: string | null
      help: string
      nodes: { target: unknown[] }[]
    }
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown) => Promise<{ violations: Violation[] }> }
      }
    ).axe
    const result = await axe.run(document)
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes[0]?.target)}`,
      )
  })
}
