// Menus on React Aria: arrow keys, typeahead, Escape and focus return to the trigger come from the
// library; these wrappers only add the design system's classes.
import type { ReactNode } from 'react'
import {
  Header,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Opens its Menu from its first child (a Button or IconButton). */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />
}

/** Props of Menu. */
export interface MenuProps<T> extends Omit<AriaMenuProps<T>, 'className'> {
  className?: string
  /** Where the popover opens relative to the trigger. */
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end'
}

/** A menu in a popover; put it after the trigger inside a MenuTrigger. */
export function Menu<T extends object>({
  className,
  placement = 'bottom start',
  ...props
}: MenuProps<T>) {
  return (
    <Popover className="ink-popover" placement={placement}>
      <AriaMenu {...props} className={classNames('ink-menu', className)} />
    </Popover>
  )
}

/** Props of MenuItem. */
export interface MenuItemProps extends Omit<AriaMenuItemProps, 'className'> {
  className?: string
  /** A destructive action, shown in the danger colour. */
  isDanger?: boolean
}

/** One item of a Menu. */
export function MenuItem({ className, isDanger, ...props }: MenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      className={classNames('ink-menu__item', isDanger && 'ink-menu__item--danger', className)}
    />
  )
}

/** A titled group of menu items. */
export function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AriaMenuSection className="ink-menu__section">
      <Header className="ink-menu__header">{title}</Header>
      {children}
    </AriaMenuSection>
  )
}

/** A line between menu items or sections. */
export function MenuSeparator() {
  return <Separator className="ink-menu__separator" />
}
