/**
 * The time the stores go by: when a signed URL is made and when it expires, and when the sweep
 * counts a used URL's record as spent. Date.now in the product; a test moves it to see a URL
 * expire instead of waiting for the wall clock.
 */
export const storageClock = { now: (): number => Date.now() };
