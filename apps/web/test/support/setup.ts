import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { showLanguage } from '../../src/lib/i18n'
import './console-guard'

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
