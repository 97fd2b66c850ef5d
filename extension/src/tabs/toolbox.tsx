// The toolbox page: framed by the content script next to a highlight on a web page
// (guest/toolbox.ts), it shows the highlight the content script names over their private line
// (components/toolbox/frame-toolbox.ts). Built at once, outside React, so that it is ready as soon
// as the frame has loaded.
import { startFrameToolbox } from '../components/toolbox/frame-toolbox'
import { TOOLBOX_FRAME_STYLES } from '../components/toolbox/toolbox-styles'

document.documentElement.lang = 'en'
document.title = 'Inkmark highlight toolbox'

const style = document.createElement('style')
style.textContent = TOOLBOX_FRAME_STYLES
document.head.append(style)
const root = document.createElement('main')
document.body.append(root)
startFrameToolbox(root)

function ToolboxPage() {
  return null
}

export default ToolboxPage
