// The highlight colours as a radio group of swatches: arrow keys move and choose (React Aria's
// RadioGroup), each swatch named for screen readers ("Yellow"), the choice shown by a ring and not
// only by colour.
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** One colour to choose. */
export interface ColorChoice {
  /** The value stored (e.g. '#f8fc46'). */
  value: string
  /** Its name, read by screen readers and shown as a tooltip. */
  name: string
  /** The CSS colour of the swatch, when it differs from the value (e.g. dark mode). */
  swatch?: string
}

/** Props of ColorPicker. */
export interface ColorPickerProps {
  label: string
  hideLabel?: boolean
  colors: readonly ColorChoice[]
  value: string | null
  onChange: (value: string) => void
  isDisabled?: boolean
  className?: string
}

/** A choice of colour. */
export function ColorPicker({
  label,
  hideLabel,
  colors,
  value,
  onChange,
  isDisabled,
  className,
}: ColorPickerProps) {
  return (
    <RadioGroup
      className={classNames('ink-color-picker', className)}
      orientation="horizontal"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
    >
      <Label className={hideLabel ? 'ink-visually-hidden' : 'ink-field__label'}>{label}</Label>
      <div className="ink-color-picker__swatches">
        {colors.map((color) => (
          <Radio
            key={color.value}
            value={color.value}
            className="ink-color-picker__swatch"
            aria-label={color.name}
          >
            <span
              aria-hidden="true"
              title={color.name}
              className="ink-color-picker__dot"
              style={{ background: color.swatch ?? color.value }}
            />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  )
}
