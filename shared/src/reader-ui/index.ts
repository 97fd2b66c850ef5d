// `@inkmark/shared/reader-ui`: the reader's React pieces (and the note form the web app also uses), one copy for the extension's reader page
// and the web app's reader (ADR 022). Apart from the main entry so that what has no React (the
// relay, the background, content scripts) never loads it; React is the apps' own (a peer).
export { HighlightableArticle } from './HighlightableArticle'
export type { HighlightableArticleProps } from './HighlightableArticle'
export { HighlightPalette } from './HighlightPalette'
export type { HighlightPaletteProps } from './HighlightPalette'
export { ReaderSettingsPanel } from './ReaderSettingsPanel'
export type { ReaderSettingsPanelProps } from './ReaderSettingsPanel'
export { NoteForm } from './NoteForm'
export type { NoteFormProps } from './NoteForm'
