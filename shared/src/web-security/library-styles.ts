// Style elements that libraries of the web app insert themselves, allowed in its CSP by their hash
// (the policy has no 'unsafe-inline' for style elements). react-aria's usePress puts one rule in
// the document's head (touch-action on pressable elements, so that a scroll cancels a press in
// Safari), but not when NODE_ENV is 'test': only a production build shows it, so it went unseen
// while the end-to-end tests ran a build made under Vitest (ADR 084, addendum 3). Its text must
// match react-aria's to the character; library-styles.test.ts reads it from the installed package.

/** The rule react-aria's usePress inserts (react-aria 3.4x, `STYLE_ID` react-aria-pressable-style). */
export const REACT_ARIA_PRESSABLE_STYLE =
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}'
