import { existsSync } from 'node:fs'

/** Debian's Chromium (`apt-get install chromium`), or the one named by CHROMIUM_PATH. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
}

export const hasChromium = () => existsSync(chromiumPath())
