// @inkmark/design: the one home of Inkmark's look (ADR 034). Tokens live in tokens.css (import
// '@inkmark/design/tokens.css' once per app); primitives wrap React Aria Components; product
// components build on both. Imports nothing of ours: shared, the apps and the site import it.
export const DESIGN_SYSTEM_VERSION = 1
