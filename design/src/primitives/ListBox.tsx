// A listbox on React Aria: arrow keys, typeahead and selection (single or multiple) handled by the
// library.
import {
  ListBox as AriaListBox,
  ListBoxItem as AriaListBoxItem,
  type ListBoxItemProps as AriaListBoxItemProps,
  type ListBoxProps as AriaListBoxProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Props of ListBox. */
export interface ListBoxProps<T> extends Omit<AriaListBoxProps<T>, 'className'> {
  className?: string
}

/** A list of options to choose from. */
export function ListBox<T extends object>({ className, ...props }: ListBoxProps<T>) {
  return <AriaListBox {...props} className={classNames('ink-listbox', className)} />
}

/** Props of ListBoxItem. */
export interface ListBoxItemProps extends Omit<AriaListBoxItemProps, 'className'> {
  className?: string
}

/** One option of a ListBox. */
export function ListBoxItem({ className, ...props }: ListBoxItemProps) {
  return <AriaListBoxItem {...props} className={classNames('ink-listbox__item', className)} />
}
