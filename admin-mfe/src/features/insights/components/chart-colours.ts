// The charts' colours, each at least 3:1 against the white card (WCAG 1.4.11, non-text
// contrast), told apart by line style as well as by colour.
export const CHART_COLOURS = {
  /** The site's indigo, 10:1. */
  views: '#33398a',
  /** Burnt orange, 5.3:1. */
  visitors: '#a84b00',
  /** The muted ink, 6.4:1: the period before. */
  previous: '#5b5e66',
  bar: '#33398a',
  grid: '#d9cfbf',
  ink: '#1f2430',
  muted: '#5b5e66',
} as const;
