import { Message, pageNotFoundMessage } from '@inkmark/shared'
import { Link, useLocation } from '@tanstack/react-router'

/** The page of an unknown route: 'Page Not Found: {path}' (site spec section 5). */
export function NotFound() {
  const { pathname } = useLocation()
  return (
    <div className="notice">
      <h1>{Message.PAGE_NOT_FOUND_TITLE}</h1>
      <p>{pageNotFoundMessage(pathname)}</p>
      <p>
        <Link to="/">Back to your library</Link>
      </p>
    </div>
  )
}
