// The monthly / yearly / lifetime switch: native radio buttons in a fieldset, so arrow keys move
// the choice and a screen reader names the group, styled as one segmented control.
import type { UserPlanDuration } from '@inkmark/shared'
import { DURATIONS } from './pricing-model'

/** Props of DurationSwitch. */
export interface DurationSwitchProps {
  value: UserPlanDuration
  onChange: (duration: UserPlanDuration) => void
}

/** The billing period switch. */
export function DurationSwitch({ value, onChange }: DurationSwitchProps) {
  return (
    <fieldset className="mk-duration-switch">
      <legend>Billing period</legend>
      {DURATIONS.map((duration) => (
        <span key={duration.id} className="mk-duration-option">
          <input
            type="radio"
            id={`duration-${duration.id}`}
            name="duration"
            value={duration.id}
            checked={value === duration.id}
            onChange={() => onChange(duration.id)}
          />
          <label htmlFor={`duration-${duration.id}`}>{duration.label}</label>
        </span>
      ))}
    </fieldset>
  )
}
