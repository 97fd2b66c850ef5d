// The script of a hostile page for end-to-end tests (tests/extension-hostile-frames.e2e.test.ts):
// it knows Inkmark's public extension id and tries, from the page's own world, every way to find
// the extension, to reach into its frames and to read what they show. What it got is kept in
// `window.hostile.report` for the test to read. Written as a string so that it runs as the page's
// own script, not through the test's privileged evaluate.

/** The page script; `__EXTENSION_ID__` is replaced with the id the test passes. */
const SCRIPT = String.raw`
(() => {
  const id = __EXTENSION_ID__
  const report = { found: [], heard: [], read: [], keys: '', inputs: [], mutations: [] }
  const forgedPass = 'ab'.repeat(24)
  const listen = (label) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => report.heard.push(label + ': ' + JSON.stringify(event.data))
    return channel.port2
  }
  /** Windows that posted to this one: a frame that ever did can be posted to in turn. */
  const sources = new Set()
  window.addEventListener('message', (event) => {
    if (event.source !== window) {
      report.heard.push('window: ' + JSON.stringify(event.data))
      if (event.source) sources.add(event.source)
    }
  })
  /** Every frame window it can reach: window.frames, frames in an open shadow root, and senders. */
  function reachableFrames() {
    const found = new Set(sources)
    for (let index = 0; index < window.frames.length; index += 1) found.add(window.frames[index])
    for (const host of document.querySelectorAll('*')) {
      for (const frame of host.shadowRoot ? host.shadowRoot.querySelectorAll('iframe') : []) {
        if (frame.contentWindow) found.add(frame.contentWindow)
      }
    }
    return [...found]
  }
  for (const type of ['keydown', 'keyup', 'keypress']) {
    document.addEventListener(type, (event) => { if (type === 'keydown') report.keys += event.key }, true)
  }
  for (const type of ['input', 'change', 'beforeinput']) {
    document.addEventListener(type, (event) => {
      const target = event.composedPath()[0]
      report.inputs.push(type + ': ' + (target && 'value' in target ? target.value : ''))
    }, true)
  }
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) report.mutations.push(node.textContent || '')
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })

  const paths = ['tabs/sidebar.html', 'tabs/toolbox.html']
  const staticUrl = (path) => 'chrome-extension://' + id + '/' + path

  /** Frames 'url' itself and hands it a made-up pass and a port, as our content script would. */
  function frameAndForge(url, label) {
    const frame = document.createElement('iframe')
    frame.src = url
    frame.className = 'hostile-frame'
    frame.addEventListener('load', () => {
      frame.contentWindow.postMessage({ channel: 'inkmark:frame-hello', pass: forgedPass }, '*', [listen(label)])
      frame.contentWindow.postMessage({ channel: 'inkmark:sidebar-pass', pass: forgedPass }, '*')
      frame.contentWindow.postMessage({ type: 'show', markId: window.hostile.markId || 'x', colors: [], hasLink: false }, '*')
    })
    document.body.append(frame)
  }

  window.hostile = {
    report,
    markId: '',
    /** Tries to tell whether Inkmark is installed by loading its pages at their static addresses. */
    async detect() {
      for (const path of paths) {
        try {
          const response = await fetch(staticUrl(path))
          report.found.push('fetch ' + path + ' ' + response.status)
        } catch {}
        await new Promise((resolve) => {
          const script = document.createElement('script')
          script.src = staticUrl(path)
          script.onload = () => { report.found.push('script ' + path); resolve() }
          script.onerror = () => resolve()
          document.head.append(script)
        })
      }
      for (const entry of performance.getEntries()) {
        if (entry.name.startsWith('chrome-extension:')) report.found.push('timing ' + entry.name)
      }
    },
    /** Frames the pages at their static addresses and hands them a made-up pass. */
    frameStatic() {
      for (const path of paths) frameAndForge(staticUrl(path), 'static ' + path)
    },
    /** Posts what our content script and our frames say, to every frame and to this window. */
    forge(markId) {
      const toFrames = [
        { channel: 'inkmark:sidebar', unplaced: [markId] },
        { channel: 'inkmark:sidebar-pass', pass: forgedPass },
        { type: 'unplaced', ids: [markId] },
        { type: 'show', markId, colors: ['#fbf719'], hasLink: false },
        { type: 'focus' },
      ]
      reachableFrames().forEach((target, index) => {
        target.postMessage({ channel: 'inkmark:frame-hello', pass: forgedPass }, '*', [listen('frame ' + index)])
        for (const message of toFrames) target.postMessage(message, '*')
      })
      const toPage = [
        { channel: 'inkmark:sidebar-close' },
        { type: 'close' },
        { type: 'deleted', markId, bookmarkDeleted: true },
        { type: 'changed', markId, color: '#000000', hasNotes: false, hasTags: false },
        { type: 'toast', text: 'Forged notice' },
        { type: 'followLink' },
      ]
      for (const message of toPage) window.postMessage(message, '*')
    },
    /** Reads what it can of Inkmark's interface. */
    read() {
      const host = document.getElementById('inkmark-ui-host')
      const root = host && host.shadowRoot
      report.read.push(document.documentElement.innerText)
      if (!root) return
      report.read.push(root.innerHTML)
      for (const field of root.querySelectorAll('textarea, input, option')) report.read.push(field.value)
    },
    /** Frames copies of our pages at addresses it learnt, with a made-up pass. */
    frameCopies(urls) {
      for (const url of urls) frameAndForge(url, 'copy ' + url)
    },
  }
})()
`

/** The hostile page's HTML: `paragraphs` as #p1, #p2 ... and the script, knowing `extensionId`. */
export function hostilePage(paragraphs: readonly string[], extensionId: string): string {
  const script = SCRIPT.replace('__EXTENSION_ID__', JSON.stringify(extensionId))
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reading list</title>
<script>${script}</script></head>
<body><main><h1>Reading list</h1>${paragraphs.map((text, index) => `<p id="p${index + 1}">${text}</p>`).join('')}</main></body></html>`
}

/** What the hostile page got (window.hostile.report). */
export interface HostileReport {
  found: string[]
  heard: string[]
  read: string[]
  keys: string
  inputs: string[]
  mutations: string[]
}
