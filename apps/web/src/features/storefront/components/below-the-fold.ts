/**
 * Sections below the first screen: the browser lays them out when they come near the viewport, not
 * while the page loads (the landing page is long; its first layout was its longest task).
 */
export const belowTheFold = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]'
