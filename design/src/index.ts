// @inkmark/design: the one home of Inkmark's look (ADR 034). Tokens live in tokens.css (import
// '@inkmark/design/tokens.css' once per app, then '@inkmark/design/components.css'); primitives
// wrap React Aria Components; product components build on both. Imports nothing of ours: the web
// app, the extension and the site import it.
export const DESIGN_SYSTEM_VERSION = 1

export { classNames } from './lib/class-names'
export { countLabel } from './lib/plural'
export { getSiteInfo, type SiteInfo } from './lib/site'
export { pictureSource } from './lib/picture-source'

export {
  Button,
  IconButton,
  ToggleButton,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  type IconButtonProps,
  type ToggleButtonProps,
} from './primitives/Button'
export {
  DialogTrigger,
  Modal,
  ModalFrame,
  type ModalFrameProps,
  type ModalProps,
} from './primitives/Dialog'
export {
  Select,
  Switch,
  TextArea,
  TextField,
  type SelectOption,
  type SelectProps,
  type SwitchProps,
  type TextFieldProps,
} from './primitives/fields'
export {
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  type ListBoxProps,
} from './primitives/ListBox'
export {
  Menu,
  MenuItem,
  MenuSection,
  MenuSeparator,
  MenuTrigger,
  type MenuItemProps,
  type MenuProps,
} from './primitives/Menu'
export { Popover, type PopoverProps } from './primitives/Popover'
export { Tabs, type TabItem, type TabsProps } from './primitives/Tabs'
export {
  DEFAULT_TOAST_TIMEOUT_MS,
  ToastQueue,
  ToastRegion,
  type ToastContent,
  type ToastRegionProps,
  type ToastRequest,
  type ToastTone,
} from './primitives/Toast'
export { Tooltip, type TooltipProps } from './primitives/Tooltip'

export { ColorPicker, type ColorChoice, type ColorPickerProps } from './product/ColorPicker'
export { CoverImage, type CoverImageProps } from './product/CoverImage'
export { EmptyState, type EmptyStateProps } from './product/EmptyState'
export type { HeadingLevel } from './product/heading'
export { HighlightCard, type HighlightCardProps } from './product/HighlightCard'
export { PageCard, pageCountsText, type PageCardProps } from './product/PageCard'
export { SiteIcon, type SiteIconProps } from './product/SiteIcon'
export { TagChip, TagChipList, type TagChipProps } from './product/TagChip'
export { TagSuggestField, type TagSuggestFieldProps } from './product/TagSuggestField'
