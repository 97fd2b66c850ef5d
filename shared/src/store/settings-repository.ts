// The settings record (one per library, shared by the user's devices): read with the defaults when
// none is stored yet, and updated by merging changes into it.
import {
  createDefaultChromeSettings,
  type ChromeSettings,
} from '../domain/entities/chrome-settings'
import { ObjectStore } from '../domain/entities/object-store'
import { applyChromeSettingsEdit, type ChromeSettingsEdit } from '../domain/settings-edits'
import { stampMirroredChanges } from '../domain/settings-mirror'
import { CHROME_SETTINGS_ID } from './library-schema'
import type { LibraryWriter, WriteResult } from './library-writer'
import { TransactionOrigin } from './origins'
import type { StoreCore } from './store-core'

/** The settings reads and writes of the local store. */
export class SettingsRepository {
  constructor(
    private readonly core: StoreCore,
    private readonly writer: LibraryWriter,
  ) {}

  /** The settings record, or the defaults when none is stored yet. */
  get(): ChromeSettings {
    const stored = this.core.settings
      .live()
      .sort((a, b) => (b.modifiedAt ?? b.createdAt ?? 0) - (a.modifiedAt ?? a.createdAt ?? 0))[0]
    return stored ?? createDefaultChromeSettings(CHROME_SETTINGS_ID)
  }

  /**
   * Merges `changes` into the settings record; a change of a setting the browser's sync storage
   * mirrors also stamps mirroredSettingsChangedAt (ADR 077).
   */
  update(changes: Partial<ChromeSettings>): Promise<WriteResult> {
    return this.core.serialized(() => this.write(changes))
  }

  /** Applies a form's edit to the record as stored when its turn in the write queue comes. */
  edit(edit: ChromeSettingsEdit): Promise<WriteResult> {
    return this.core.serialized(() => this.write(applyChromeSettingsEdit(this.get(), edit)))
  }

  private write(changes: Partial<ChromeSettings>): Promise<WriteResult> {
    {
      const current = this.get()
      const stamped = stampMirroredChanges(current, changes, this.core.now())
      // A new record starts with its mirrored settings stamped 0 (the defaults, never changed), so
      // only a record from before the stamp existed falls back to its own stamps.
      const firstStamp =
        this.core.settings.live().length === 0 ? { mirroredSettingsChangedAt: 0 } : {}
      return this.writer.writeEntities(
        [
          {
            ...current,
            ...firstStamp,
            ...stamped,
            _id: current._id,
            _objectStore: ObjectStore.CHROME_SETTINGS,
          },
        ],
        TransactionOrigin.LOCAL,
      )
    }
  }
}
