// The toolbar popup: the active tab's highlights at a glance, saving the page, and the ways to
// the sidebar and the web app, sync, and the keyboard shortcuts (ADR 039).
import '@inkmark/design/tokens.css'
import './components/popup/popup.css'
import { PopupPanel } from './components/popup/PopupPanel'

document.documentElement.lang = 'en'

function Popup() {
  return <PopupPanel />
}

export default Popup
