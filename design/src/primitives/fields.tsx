// Labelled form fields on React Aria: the label, description and error are wired to the input by
// the library (ids, aria-describedby, aria-invalid), never by hand.
import type { Key, ReactNode } from 'react'
import {
  Button as AriaButton,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Switch as AriaSwitch,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type SwitchProps as AriaSwitchProps,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components'
import { classNames } from '../lib/class-names'

/** Props shared by TextField and TextArea. */
export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: string
  /** Keep the label for screen readers only. */
  hideLabel?: boolean
  description?: string
  errorMessage?: string
  placeholder?: string
  className?: string
}

function FieldParts({
  label,
  hideLabel,
  description,
  errorMessage,
  children,
}: Pick<TextFieldProps, 'label' | 'hideLabel' | 'description' | 'errorMessage'> & {
  children: ReactNode
}) {
  return (
    <>
      <Label className={hideLabel ? 'ink-visually-hidden' : 'ink-field__label'}>{label}</Label>
      {children}
      {description && (
        <Text slot="description" className="ink-field__description">
          {description}
        </Text>
      )}
      <FieldError className="ink-field__error">{errorMessage}</FieldError>
    </>
  )
}

/** A one-line text field with its label. */
export function TextField({
  label,
  hideLabel,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={classNames('ink-field', className)}
    >
      <FieldParts {...{ label, hideLabel, description, errorMessage }}>
        <Input className="ink-input" placeholder={placeholder} />
      </FieldParts>
    </AriaTextField>
  )
}

/** A multi-line text field with its label. */
export function TextArea({
  label,
  hideLabel,
  description,
  errorMessage,
  placeholder,
  className,
  rows = 3,
  ...props
}: TextFieldProps & { rows?: number }) {
  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={classNames('ink-field', className)}
    >
      <FieldParts {...{ label, hideLabel, description, errorMessage }}>
        <AriaTextArea className="ink-input ink-textarea" placeholder={placeholder} rows={rows} />
      </FieldParts>
    </AriaTextField>
  )
}

/** Props of Switch. */
export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'children'> {
  children: ReactNode
  className?: string
}

/** An on/off switch (role switch) with its label. */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={classNames('ink-switch', className)}>
      <span className="ink-switch__track" aria-hidden="true">
        <span className="ink-switch__thumb" />
      </span>
      {children}
    </AriaSwitch>
  )
}

/** One choice of a Select. */
export interface SelectOption {
  id: string
  label: string
}

/** Props of Select. */
export interface SelectProps {
  label: string
  hideLabel?: boolean
  options: readonly SelectOption[]
  selectedKey: string | null
  onSelectionChange: (id: string) => void
  placeholder?: string
  isDisabled?: boolean
  className?: string
}

/** A select (button and listbox popover) with its label. */
export function Select({
  label,
  hideLabel,
  options,
  selectedKey,
  onSelectionChange,
  placeholder,
  isDisabled,
  className,
}: SelectProps) {
  return (
    <AriaSelect
      className={classNames('ink-field', 'ink-select', className)}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) {
          onSelectionChange(String(key))
        }
      }}
      placeholder={placeholder}
      isDisabled={isDisabled}
    >
      <Label className={hideLabel ? 'ink-visually-hidden' : 'ink-field__label'}>{label}</Label>
      <AriaButton className="ink-input ink-select__button">
        <SelectValue className="ink-select__value" />
        <span aria-hidden="true" className="ink-select__chevron">
          ▾
        </span>
      </AriaButton>
      <Popover className="ink-popover">
        <ListBox className="ink-listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="ink-listbox__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
}
