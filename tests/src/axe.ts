// axe-core in a page, reporting only what the web app's tests hold to zero: serious and critical
// violations, each with its rule, help text and the first offending element; and in Inkmark's
// closed shadow roots, which axe cannot enter by itself.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { ClosedShadow } from './closed-shadow'

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

/** Serious and critical violations in light and then in dark (the page is left in light). */
export async function seriousAxeViolationsLightAndDark(page: Page): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' })
  const light = await seriousAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  const dark = await seriousAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'light' })
  return [...light, ...dark]
}

/**
 * axe-core violations in one of Inkmark's closed shadow roots (all of them, or those of `impacts`).
 * axe cannot enter a closed root, so a copy of the root (its styles and elements), taken through
 * the DevTools protocol, is checked in an open root of its own, in place, and removed.
 */
export async function closedRootAxeViolations(
  shadow: ClosedShadow,
  impacts?: readonly string[],
): Promise<string[]> {
  if (!(await shadow.page.evaluate(() => 'axe' in globalThis))) {
    await shadow.page.evaluate(await axeSource)
  }
  return shadow.evaluateOnRoot<string[]>(
    `async function (impacts) {
      const copy = document.createElement('div')
      copy.id = 'inkmark-axe-copy'
      copy.attachShadow({ mode: 'open' }).append(...[...this.children].map((child) => child.cloneNode(true)))
      document.documentElement.append(copy)
      try {
        const result = await axe.run({ include: [['#inkmark-axe-copy']] })
        return result.violations
          .filter((violation) => impacts === null || impacts.includes(violation.impact))
          .map((violation) => violation.id + ' (' + violation.impact + '): ' + violation.help +
            ' at ' + JSON.stringify(violation.nodes[0] && violation.nodes[0].target))
      } finally {
        copy.remove()
      }
    }`,
    [impacts ?? null],
  )
}
