// addons-linter ships no types; this is the part of its API the Firefox build test uses.
declare module 'addons-linter' {
  interface LinterOptions {
    config: Record<string, unknown>
    runAsBinary: boolean
  }
  const linter: { createInstance(options: LinterOptions): { run(): Promise<unknown> } }
  export default linter
}
