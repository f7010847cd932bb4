/**
 * The store's social-media profiles shown in the navigation bar. The owner sets these to the real
 * accounts before going live: the values below are the intended handles, not verified profiles.
 */
export const SOCIAL_LINKS = {
  /** The short-video site. */
  tiktok: 'https://www.tiktok.com/@projectsgallery',
  /** The photo-sharing site. */
  instagram: 'https://www.instagram.com/projectsgallery',
} as const
