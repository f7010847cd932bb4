/** The landing carousel turns every 2000 ms (seed-spec section 9: the page overrides the 3000 ms default). */
export const AUTOPLAY_DELAY_MS = 2000

/**
 * The spec's 300 ms transition. Embla's `duration` is not a time: it is the stiffness of the spring that
 * moves the slides, integrated at a fixed 60 steps a second (velocity += distance / duration, then
 * × 0.68 friction). With 15 the slides cover 99% of the distance in 18 steps = 300 ms, whatever the
 * distance; the last pixel settles over the next ~300 ms, an overshoot below 1.5% of a slide.
 */
export const EMBLA_DURATION = 15
