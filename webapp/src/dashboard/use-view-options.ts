import { useCallback, useState } from 'react'
import { VIEW_OPTIONS_STORAGE_KEY, parseViewOptions, type ViewOptions } from '../lib/view-options'

function readStored(): string | null {
  try {
    return localStorage.getItem(VIEW_OPTIONS_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The dashboard's view options on this device, and a setter that remembers them. */
export function useViewOptions(): [ViewOptions, (changes: Partial<ViewOptions>) => void] {
  const [options, setOptions] = useState(() => parseViewOptions(readStored(), window.innerWidth))
  const update = useCallback((changes: Partial<ViewOptions>) => {
    setOptions((previous) => {
      const next = { ...previous, ...changes }
      try {
        localStorage.setItem(VIEW_OPTIONS_STORAGE_KEY, JSON.stringify(next))
      } catch {
        // Storage may be full or blocked: the choice still holds for this visit.
      }
      return next
    })
  }, [])
  return [options, update]
}
