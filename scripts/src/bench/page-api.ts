// Calls a benchmark page's API from Node: the page module puts an object of async functions on a
// global (inkmarkBench, inkmarkPdfBench ...), and each call runs one of them with one argument
// in the page and brings its result back. Used by the benchmarks that open a fresh page per run.
import type { Page } from 'playwright-core'

type AnyFunction = (...args: never[]) => unknown

/** A typed call of the page API `Api`'s function `name`. */
export type PageCall<Api> = <K extends keyof Api>(
  name: K,
  ...args: Api[K] extends AnyFunction ? Parameters<Api[K]> : never
) => Promise<Api[K] extends AnyFunction ? Awaited<ReturnType<Api[K]>> : never>

/**
 * Opens a page at `url`, waits for its API on `globalThis[globalName]`, runs `use` with a way to
 * call it, and closes the page. Page errors go to `log`.
 */
export async function withPageApi<Api, T>(
  newPage: () => Promise<Page>,
  url: string,
  globalName: string,
  log: (line: string) => void,
  use: (call: PageCall<Api>) => Promise<T>,
): Promise<T> {
  const page = await newPage()
  page.on('pageerror', (error) => log(`  page error: ${error.message}`))
  try {
    await page.goto(url)
    await page.waitForFunction((name) => name in globalThis, globalName)
    const call = ((name: string, ...args: unknown[]) =>
      page.evaluate(
        ([global, method, argument]) => {
          const api = (globalThis as unknown as Record<string, Record<string, AnyFunction>>)[
            global
          ]!
          return (api[method] as (argument: unknown) => unknown)(argument)
        },
        [globalName, name, args[0]] as const,
      )) as PageCall<Api>
    return await use(call)
  } finally {
    await page.close()
  }
}
