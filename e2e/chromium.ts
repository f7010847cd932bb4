import { existsSync } from 'node:fs'

/** Debian's Chromium (`apt-get install chromium`), or the one named by CHROMIUM_PATH: for the benches. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
}

/**
 * The end-to-end tests' browser: Debian's headless shell of the same Chromium (`apt-get install
 * chromium-headless-shell`), the kind of browser Playwright runs headless tests in; a third less CPU
 * for the same suite than the full browser (decision 069). CHROMIUM_PATH names another.
 */
export const TEST_BROWSER = {
  path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  debianPackage: 'chromium-headless-shell',
}

export const hasTestBrowser = () => existsSync(TEST_BROWSER.path)
