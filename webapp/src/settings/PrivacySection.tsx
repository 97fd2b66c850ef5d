// The Settings view's privacy section: the device's "Send anonymous usage counts" switch
// (usage-counts.ts), with what it sends and what it never sends.
import { Switch } from '@inkmark/design'
import { useState } from 'react'
import { readUsageCountsEnabled, writeUsageCountsEnabled } from './usage-counts'

/** The privacy section of the Settings view. */
export function PrivacySection() {
  const [enabled, setEnabled] = useState(() => readUsageCountsEnabled(localStorage))
  return (
    <fieldset className="privacy-settings">
      <legend>Privacy</legend>
      <Switch
        isSelected={enabled}
        onChange={(on) => {
          writeUsageCountsEnabled(localStorage, on)
          setEnabled(on)
        }}
      >
        Send anonymous usage counts
      </Switch>
      <p className="settings-hint">
        This browser sends counts of what is done in Inkmark (such as “3 highlights created today”)
        so we know which features are used; never your pages, addresses, notes or who you are.
      </p>
    </fieldset>
  )
}
