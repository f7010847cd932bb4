import { afterEach, beforeEach, expect, vi } from 'vitest'

/** A test that logs `console.error` fails (as in epic-stack): errors must be expected, not printed. */
let errors: unknown[][] = []

/** Hands the errors logged so far to a test that expects them, so they do not fail it. */
export function takeConsoleErrors(): unknown[][] {
  const taken = errors
  errors = []
  return taken
}

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  expect(errors, 'console.error was called').toEqual([])
})
