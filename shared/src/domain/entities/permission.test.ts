import { describe, expect, it } from 'vitest'
import { DEFAULT_PERMISSION, Permission, PermissionSchema, isSharedPermission } from './permission'

describe('Permission', () => {
  it('defaults to PRIVATE', () => {
    expect(DEFAULT_PERMISSION).toBe('PRIVATE')
  })

  it('counts PUBLIC and PUBLIC_LINK as shared', () => {
    expect(isSharedPermission(Permission.PUBLIC)).toBe(true)
    expect(isSharedPermission(Permission.PUBLIC_LINK)).toBe(true)
    expect(isSharedPermission(Permission.PRIVATE)).toBe(false)
    expect(isSharedPermission(undefined)).toBe(false)
  })

  it('rejects unknown permissions', () => {
    expect(PermissionSchema.safeParse('public').success).toBe(false)
  })
})
