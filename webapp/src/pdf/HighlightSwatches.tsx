// A row of colour buttons, each named for screen readers ('Highlight yellow'). Pressing one must
// not take the text selection away, so the mouse-down that would move focus is cancelled.
import { highlightColorName } from '@inkmark/shared'

/** Props of HighlightSwatches. */
export interface HighlightSwatchesProps {
  /** What the buttons do, e.g. 'Highlight' -> 'Highlight yellow'. */
  verb: string
  colors: readonly string[]
  /** The colour shown as chosen (aria-pressed), if any. */
  selected?: string
  onPick: (color: string) => void
}

/** Colour buttons in a labelled group. */
export function HighlightSwatches({ verb, colors, selected, onPick }: HighlightSwatchesProps) {
  return (
    <div role="group" aria-label={`${verb} colours`} className="pdf-swatches">
      {colors.map((color) => (
        <button
          key={color}
          type="button"
          className="pdf-swatch"
          aria-label={`${verb} ${highlightColorName(color)}`}
          aria-pressed={selected === undefined ? undefined : selected === color}
          style={{ backgroundColor: color }}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(color)}
        />
      ))}
    </div>
  )
}
