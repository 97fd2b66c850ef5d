// Buttons on React Aria's Button: press events that behave the same for mouse, touch, keyboard and
// screen readers, and data-focus-visible for the focus ring (components.css) only when keyboard
// focus is shown.
import type { ReactNode } from 'react'
import {
  Button as AriaButton,
  ToggleButton as AriaToggleButton,
  type ButtonProps as AriaButtonProps,
  type ToggleButtonProps as AriaToggleButtonProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** How much a button asks for attention. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
/** A button's size. */
export type ButtonSize = 'sm' | 'md' | 'lg'

/** Props of Button. */
export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  children?: ReactNode
}

/** A button of the design system. */
export function Button({ variant = 'secondary', size = 'md', className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={classNames(
        'ink-button',
        `ink-button--${variant}`,
        `ink-button--${size}`,
        className,
      )}
    />
  )
}

/** Props of IconButton: the name is required, since an icon says nothing to a screen reader. */
export interface IconButtonProps extends Omit<ButtonProps, 'aria-label'> {
  'aria-label': string
}

/** A square button showing only an icon (its children, hidden from assistive technology). */
export function IconButton({ children, className, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Button {...props} variant={variant} className={classNames('ink-icon-button', className)}>
      <span aria-hidden="true" className="ink-icon-button__icon">
        {children}
      </span>
    </Button>
  )
}

/** Props of ToggleButton. */
export interface ToggleButtonProps extends Omit<AriaToggleButtonProps, 'className' | 'children'> {
  size?: ButtonSize
  className?: string
  children?: ReactNode
}

/** A button that stays pressed (aria-pressed) while on, e.g. Star. */
export function ToggleButton({ size = 'md', className, ...props }: ToggleButtonProps) {
  return (
    <AriaToggleButton
      {...props}
      className={classNames(
        'ink-button',
        'ink-button--secondary',
        'ink-toggle-button',
        `ink-button--${size}`,
        className,
      )}
    />
  )
}
