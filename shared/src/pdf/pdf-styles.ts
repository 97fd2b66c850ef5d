// The few styles the viewer needs, put into the document once as text (never parsed as HTML): pdf.js's
// text-layer rules (from pdfjs-dist/web/pdf_viewer.css, the part TextLayer relies on: transparent,
// absolutely placed spans scaled by CSS variables) and the page frames. Highlights blend with the
// canvas below (multiply), so the printed text stays readable under any colour.

const STYLE_ID = 'inkmark-pdf-styles'

/** The viewer's style sheet, as inserted (the web app's CSP allows exactly this text by its hash). */
export const PDF_VIEWER_STYLES = `
.inkmark-pdf-pages { display: flex; flex-direction: column; align-items: center; gap: 16px;
  padding: 16px 0; }
.inkmark-pdf-page { position: relative; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.25);
  --scale-round-x: 1px; --scale-round-y: 1px; --user-unit: 1; flex: none; }
.inkmark-pdf-page > canvas { position: absolute; inset: 0; display: block; }
.inkmark-pdf-page .textLayer { position: absolute; text-align: initial; inset: 0; overflow: clip;
  opacity: 1; line-height: 1; text-size-adjust: none; forced-color-adjust: none;
  transform-origin: 0 0; caret-color: CanvasText; z-index: 0; mix-blend-mode: multiply;
  --min-font-size: 1; --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
  --min-font-size-inv: calc(1 / var(--min-font-size)); }
.inkmark-pdf-page .textLayer :is(span, br) { color: transparent; position: absolute;
  white-space: pre; cursor: text; transform-origin: 0% 0%; }
.inkmark-pdf-page .textLayer > :not(.markedContent),
.inkmark-pdf-page .textLayer .markedContent span:not(.markedContent) { z-index: 1;
  --font-height: 0; font-size: calc(var(--text-scale-factor) * var(--font-height));
  --scale-x: 1; --rotate: 0deg;
  transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv)); }
.inkmark-pdf-page .textLayer .markedContent { display: contents; }
.inkmark-pdf-page .textLayer ::selection { background: rgba(0, 0, 255, 0.25); }
.inkmark-pdf-page .textLayer br::selection { background: transparent; }
.inkmark-pdf-page .textLayer .endOfContent { display: block; position: absolute; inset: 100% 0 0;
  z-index: 0; cursor: default; user-select: none; }
.inkmark-pdf-page .textLayer.selecting .endOfContent { top: 0; }
.inkmark-pdf-page .textLayer .inkmark-highlight { position: static; cursor: pointer;
  color: transparent; }
.inkmark-pdf-page .textLayer .inkmark-highlight[data-inkmark-flash] {
  outline-color: #0969da !important; }
.inkmark-pdf-page .textLayer .inkmark-highlight:focus-visible { outline: 2px solid #0969da;
  outline-offset: 1px; }
`

/** Puts the viewer's styles into `document` unless they are there already. */
export function ensurePdfStyles(document: Document): void {
  if (document.getElementById(STYLE_ID) !== null) {
    return
  }
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = PDF_VIEWER_STYLES
  document.head.append(style)
}
