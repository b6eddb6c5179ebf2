import sharp from '../media/sharp';

/**
 * Demo photos are drawn, not committed: each is a woven-looking pattern (stripes, checks,
 * dots, herringbone, ikat) in a palette, rendered from SVG to PNG by sharp.
 */
export type Pattern = 'stripes' | 'checks' | 'dots' | 'herringbone' | 'ikat' | 'plain-weave';

export interface Swatch {
  pattern: Pattern;
  /** Background, then one or two accent colours. */
  colors: [string, string, string?];
  label?: string;
}

const W = 1280;
const H = 960;

function motif({ pattern, colors: [, accent, second = accent] }: Swatch): string {
  switch (pattern) {
    case 'stripes':
      return `<pattern id="p" width="64" height="64" patternUnits="userSpaceOnUse">
        <rect width="18" height="64" fill="${accent}"/><rect x="30" width="6" height="64" fill="${second}"/></pattern>`;
    case 'checks':
      return `<pattern id="p" width="96" height="96" patternUnits="userSpaceOnUse">
        <rect width="48" height="96" fill="${accent}" opacity="0.55"/><rect width="96" height="48" fill="${second}" opacity="0.45"/></pattern>`;
    case 'dots':
      return `<pattern id="p" width="56" height="56" patternUnits="userSpaceOnUse">
        <circle cx="14" cy="14" r="7" fill="${accent}"/><circle cx="42" cy="42" r="5" fill="${second}"/></pattern>`;
    case 'herringbone':
      return `<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse">
        <path d="M0 24 L24 0 M24 48 L48 24 M0 0 L24 24 M24 24 L48 48" stroke="${accent}" stroke-width="9"/></pattern>`;
    case 'ikat':
      return `<pattern id="p" width="120" height="80" patternUnits="userSpaceOnUse">
        <path d="M60 4 L100 40 L60 76 L20 40 Z" fill="none" stroke="${accent}" stroke-width="10" stroke-dasharray="14 6"/>
        <circle cx="60" cy="40" r="9" fill="${second}"/></pattern>`;
    case 'plain-weave':
      return `<pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="${accent}" opacity="0.35"/><rect x="6" y="6" width="6" height="6" fill="${second}" opacity="0.35"/></pattern>`;
  }
}

/** A 1280 × 960 PNG of the swatch, with soft folds so it reads as cloth. */
export function renderSwatch(swatch: Swatch): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs>${motif(swatch)}
      <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0.3">
        <stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.12"/>
        <stop offset="0.6" stop-color="#000" stop-opacity="0.14"/><stop offset="1" stop-color="#fff" stop-opacity="0.1"/>
      </linearGradient></defs>
    <rect width="${W}" height="${H}" fill="${swatch.colors[0]}"/>
    <rect width="${W}" height="${H}" fill="url(#p)"/>
    <rect width="${W}" height="${H}" fill="url(#fold)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}
