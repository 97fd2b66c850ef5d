// The spec's `pricing` dialog (?dialog=pricing): the same plans as the /pricing page, over
// whatever page the person is on.
import { Modal } from '@inkmark/design'
import { PricingPlans } from './PricingPlans'

/** The pricing dialog; `onClose` closes it (through the URL). */
export function PricingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Plans and prices"
      isOpen
      onOpenChange={(open) => {
        if (!open) {
          onClose()
        }
      }}
      className="pricing-dialog"
    >
      <PricingPlans headingLevel={3} />
    </Modal>
  )
}
