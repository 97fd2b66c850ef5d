import type { ReactNode } from 'react'
import type { QueryState } from '../../pages/use-library'

/** Shows a library query: a loading line, its error, or `children(value)` once it has answered. */
export function QueryView<T>({
  state,
  children,
}: {
  state: QueryState<T>
  children: (value: T) => ReactNode
}) {
  if (state.status === 'loading') {
    return (
      <p className="empty" role="status">
        Loading…
      </p>
    )
  }
  if (state.status === 'error') {
    return (
      <p className="empty" role="alert">
        {state.error}
      </p>
    )
  }
  return <>{children(state.value)}</>
}
