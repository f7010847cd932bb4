import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { showLanguage } from '../../src/lib/i18n'
import './console-guard'

// `findBy…` and `waitFor` wait for what a test needs; Testing Library's 1 s default gave up before a lazily
// loaded page (the console's) had drawn on one busy core (`taskset -c 0 npm test`, issue 40). A longer
// bound costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 })

beforeEach(async () => {
  localStorage.clear()
  // The store's counting beacons (decision 065) go nowhere in tests: happy-dom would send them to a
  // server that is not there. Tests about them read the calls.
  vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true)
  await showLanguage('en')
  // The session lookup logs this (seed-spec wording) whenever a test starts signed out.
  const log = console.log.bind(console)
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (args[0] !== 'Usuario no autenticado') log(...args)
  })
})

afterEach(() => {
  cleanup()
  vi.mocked(console.log).mockRestore()
  vi.mocked(navigator.sendBeacon).mockRestore()
})
