// Who may see a bookmark or mark. PUBLIC and PUBLIC_LINK count as shared; a new entity is PRIVATE.
import { z } from 'zod'

/** Visibility of a bookmark or mark. */
export const Permission = {
  PUBLIC: 'PUBLIC',
  PUBLIC_LINK: 'PUBLIC_LINK',
  PRIVATE: 'PRIVATE',
} as const
export type Permission = (typeof Permission)[keyof typeof Permission]

/** Visibility of a new entity, and of a stored one without a permission. */
export const DEFAULT_PERMISSION: Permission = Permission.PRIVATE

/** Validates a permission value. */
export const PermissionSchema = z.enum(Permission)

/** Whether a permission shares the entity (PUBLIC or PUBLIC_LINK); unset means private. */
export function isSharedPermission(permission: Permission | undefined): boolean {
  return permission === Permission.PUBLIC || permission === Permission.PUBLIC_LINK
}
