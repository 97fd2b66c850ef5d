// The error page: 'Page Not Found' for 404 (with the path that was asked for), 'Internal Server
// Error' with the status code, message and description for anything else (default 500), unless
// the error has its own message.
import type { PageMeta } from './route-types'
import type { SiteError } from './router'
import { Link } from './Link'

export const NOT_FOUND_TITLE = 'Page Not Found'
export const SERVER_ERROR_TITLE = 'Internal Server Error'
const DEFAULT_DESCRIPTION =
  'Something went wrong on our side while showing this page. Please try again in a moment.'

/** The heading of an error: its own message, else the status's title. */
export function errorHeading(error: SiteError): string {
  if (error.status === 404) {
    return NOT_FOUND_TITLE
  }
  return error.message ?? SERVER_ERROR_TITLE
}

/** The error page's head: never indexed. */
export function errorMeta(error: SiteError): PageMeta {
  const heading = errorHeading(error)
  return {
    title: `${heading} | Inkmark`,
    description:
      error.status === 404 ? 'This page does not exist on the Inkmark site.' : DEFAULT_DESCRIPTION,
    robots: 'noindex, follow',
  }
}

export function ErrorPage({ path, error }: { path: string; error: SiteError }) {
  if (error.status === 404) {
    return (
      <div className="site-error">
        <h1>{NOT_FOUND_TITLE}</h1>
        <p>Page Not Found: {path}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    )
  }
  return (
    <div className="site-error">
      <h1>{errorHeading(error)}</h1>
      <p>Status code: {error.status}</p>
      {error.message === undefined ? null : <p>{error.message}</p>}
      <p>{error.description ?? DEFAULT_DESCRIPTION}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  )
}
