// The viewer page's own look: a bar with the PDF's title, the preparation notice under it, and the
// pages on a grey desk (the pages' styles come with @inkmark/shared/pdf).
export const VIEWER_CSS = `
html, body { margin: 0; }
body { background: #4a4d50; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #1f2328; }
.viewer-bar { position: sticky; top: 0; z-index: 2; display: flex; gap: 12px; align-items: center;
  padding: 8px 16px; background: #fff; border-bottom: 1px solid #d0d7de; }
.viewer-brand { font-weight: 600; }
.viewer-title { margin: 0; font-size: 14px; font-weight: 400; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }
.viewer-notice { position: fixed; top: 56px; left: 50%; transform: translateX(-50%); z-index: 3;
  background: #1f2328; color: #fff; border-radius: 8px; padding: 8px 14px; }
.viewer-notice:empty { padding: 0; }
.viewer-message { max-width: 560px; margin: 48px auto; background: #fff; border-radius: 8px;
  padding: 24px; }
.viewer-message h2 { margin-top: 0; font-size: 18px; }
.viewer-file { word-break: break-all; color: #57606a; }
`
