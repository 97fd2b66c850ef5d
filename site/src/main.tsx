import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HomePage } from './HomePage'
import '@inkmark/design/tokens.css'
import '@inkmark/design/components.css'
import './site.css'

const rootElement = document.getElementById('root')
if (!rootElement) {
  throw new Error('The page has no #root element')
}
createRoot(rootElement).render(
  <StrictMode>
    <HomePage />
  </StrictMode>,
)
