// The spec's `upgrade-needed` dialog, opened wherever a plan gate refuses a feature:
// `useUpgradeNeeded().showUpgradeNeeded(feature)` says which plan includes it and offers the
// pricing dialog. One provider in the app layout holds the dialog, so every gate opens the same.
import { Button, Modal } from '@inkmark/design'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { useDialog } from '../shell/use-dialog'
import { UPGRADE_TEXTS, type GatedFeature } from './upgrade-features'
import './billing.css'

interface UpgradeNeededValue {
  showUpgradeNeeded: (feature: GatedFeature) => void
}

const UpgradeNeededContext = createContext<UpgradeNeededValue | null>(null)

/** Provides useUpgradeNeeded to `children` and shows its dialog. */
export function UpgradeNeededProvider({ children }: { children: ReactNode }) {
  const [feature, setFeature] = useState<GatedFeature>()
  const { openDialog } = useDialog()
  const value = useMemo<UpgradeNeededValue>(() => ({ showUpgradeNeeded: setFeature }), [])
  const texts = feature === undefined ? undefined : UPGRADE_TEXTS[feature]
  return (
    <UpgradeNeededContext.Provider value={value}>
      {children}
      {texts !== undefined && (
        <Modal
          title={texts.title}
          isOpen
          onOpenChange={(open) => {
            if (!open) {
              setFeature(undefined)
            }
          }}
          className="upgrade-needed-dialog"
        >
          {(close) => (
            <>
              <p>{texts.body}</p>
              <div className="dialog-actions">
                <Button variant="secondary" onPress={close}>
                  Not now
                </Button>
                <Button
                  variant="primary"
                  onPress={() => {
                    setFeature(undefined)
                    openDialog('pricing')
                  }}
                >
                  See plans
                </Button>
              </div>
            </>
          )}
        </Modal>
      )}
    </UpgradeNeededContext.Provider>
  )
}

/** Opens the upgrade-needed dialog for a refused feature. */
export function useUpgradeNeeded(): UpgradeNeededValue {
  const value = useContext(UpgradeNeededContext)
  if (value === null) {
    throw new Error('useUpgradeNeeded needs an <UpgradeNeededProvider> above it')
  }
  return value
}
