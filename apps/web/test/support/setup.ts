import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { showLanguage } from '../../src/lib/i18n'
import './console-guard'

beforeEach(async () => {
  localStorage.clear()
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
})
