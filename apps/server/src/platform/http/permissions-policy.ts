/** The privacy-enhanced YouTube player, the only frame the pages embed (the page CSP's frame-src). */
const PLAYER = '"https://www.youtube-nocookie.com"'

/**
 * `Permissions-Policy` for every answer, pages and API: the store itself uses none of the browser's
 * powerful features, so all are off, except what the project video's `<iframe allow>` delegates to
 * the player (features/gallery/components/project-video.tsx: accelerometer, clipboard-write,
 * encrypted-media, gyroscope, picture-in-picture, and fullscreen by `allowFullScreen`), allowed for
 * the player's origin and the page (a frame only gets what its page has). Only features Chromium
 * knows: an unknown one is logged in the console.
 */
export const PERMISSIONS_POLICY = [
  `accelerometer=(self ${PLAYER})`,
  'autoplay=()',
  'camera=()',
  `clipboard-write=(self ${PLAYER})`,
  'display-capture=()',
  `encrypted-media=(self ${PLAYER})`,
  `fullscreen=(self ${PLAYER})`,
  'geolocation=()',
  `gyroscope=(self ${PLAYER})`,
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  `picture-in-picture=(self ${PLAYER})`,
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')
