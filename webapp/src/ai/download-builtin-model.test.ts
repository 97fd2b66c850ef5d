import { installBuiltinAiStandIn, builtinAiStandInState } from '@inkmark/shared/testing'
import { describe, expect, it } from 'vitest'
import { downloadBuiltinModel } from './download-builtin-model'

describe('downloadBuiltinModel', () => {
  it('creates each API that needs its model once, reports the progress over both, destroys them', async () => {
    const scope = {}
    installBuiltinAiStandIn(scope, {
      summarizer: { availability: 'downloadable', downloadSteps: [0, 0.5, 1] },
      languageModel: { availability: 'downloadable', downloadSteps: [0, 1] },
    })
    const progress: number[] = []
    await downloadBuiltinModel((fraction) => progress.push(fraction), { scope })
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(progress.length).toBeGreaterThan(2)
    expect(progress.at(-1)).toBe(1)
    const state = builtinAiStandInState(scope)!
    expect(state.sessions).toEqual({ created: 2, destroyed: 2 })
    const globals = scope as { Summarizer: { availability(): Promise<string> } }
    expect(await globals.Summarizer.availability()).toBe('available')
  })

  it('creates nothing when the models are there already', async () => {
    const scope = {}
    installBuiltinAiStandIn(scope, {})
    const progress: number[] = []
    await downloadBuiltinModel((fraction) => progress.push(fraction), { scope })
    expect(progress).toEqual([1])
    expect(builtinAiStandInState(scope)!.sessions.created).toBe(0)
  })

  it('starts every download while the click is fresh, before any has finished', async () => {
    let active = true
    const scope = {
      navigator: {
        userActivation: {
          get isActive() {
            return active
          },
        },
      },
    }
    installBuiltinAiStandIn(scope, {
      summarizer: { availability: 'downloadable', requireUserActivation: true },
      languageModel: { availability: 'downloadable', requireUserActivation: true },
    })
    const done = downloadBuiltinModel(
      () => {
        // The first progress event: the activation has expired, as after a long first download.
        active = false
      },
      { scope },
    )
    await expect(done).resolves.toBeUndefined()
    expect(builtinAiStandInState(scope)!.sessions.created).toBe(2)
  })

  it('rejects when the browser refuses the download', async () => {
    const scope = {}
    installBuiltinAiStandIn(scope, {
      summarizer: { availability: 'downloadable', failWith: 'NotAllowedError', failAt: 'create' },
      languageModel: { present: false },
    })
    await expect(downloadBuiltinModel(() => undefined, { scope })).rejects.toThrow()
  })
})
