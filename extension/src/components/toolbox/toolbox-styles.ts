// The toolbox frame's styles: the panel fills its frame (the content script sizes the frame to
// the panel and draws its shadow), with the same look as Inkmark's other panels on a page.
import { PANEL_CONTROL_STYLES } from '../../guest/panel-styles'

export const TOOLBOX_FRAME_STYLES = `
html, body { margin: 0; padding: 0; background: transparent; color-scheme: light; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
.panel { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 8px; }
${PANEL_CONTROL_STYLES}`
