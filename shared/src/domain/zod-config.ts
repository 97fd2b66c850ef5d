// zod compiles a faster parser with `new Function` where it may. The apps' Content Security Policy
// forbids eval (ADR 032), so the compile never happens in a page, but zod's attempt to find out is
// itself reported as a violation on every page load. In pages it parses without compiling: the
// code path a page under the policy takes anyway. Servers (the relay, in Node) keep the compiled
// parser. Imported first by the package's entry point.
import { z } from 'zod'

// `document` is not in the domain's types (no DOM lib): look it up on globalThis.
if ('document' in globalThis) {
  z.config({ jitless: true })
}
