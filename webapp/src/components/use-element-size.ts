import { useLayoutEffect, useState, type RefObject } from 'react'

/** The content size of an element, following its resizes (window height as the first guess). */
export function useElementSize(ref: RefObject<HTMLElement | null>): {
  width: number
  height: number
} {
  const [size, setSize] = useState(() => ({
    width: typeof window === 'undefined' ? 1024 : window.innerWidth,
    height: typeof window === 'undefined' ? 768 : window.innerHeight,
  }))
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) {
      return
    }
    const measure = () => {
      const { width, height } = element.getBoundingClientRect()
      setSize((previous) =>
        previous.width === width && previous.height === height ? previous : { width, height },
      )
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return size
}
