/**
 * What bench:web measures inside the page: the observers put in place before it loads (LCP,
 * layout shifts with the elements that moved) and the reading of them with the navigation's
 * timings, bytes and images. These functions run in the browser (page.evaluate), so each
 * holds all it needs.
 */

/** What the pages' observers leave on window for the measurement. */
interface Probes {
  __lcp: number;
  __lcpElement: string;
  __cls: number;
  __shifts: string[];
}

export interface Measure {
  /** The page's JavaScript as served (compressed), counted by scriptsServed() as the e2e test does. */
  jsBytes: number;
  totalBytes: number;
  requests: number;
  fcp: number;
  lcp: number;
  /** The lowest and highest LCP of the runs the median is taken from. */
  lcpRange?: [number, number];
  /** The same page's HTML without its scripts, as a static file (see the file's comment). */
  baseline?: Measure;
  /** The largest contentful paint's element (and image file). */
  lcpElement: string;
  cls: number;
  /** Each layout shift: its score, when, and which elements moved (y before→after). */
  shifts: string[];
  images: { webp: number; total: number; worstRatio: number };
}

/** Runs in the page before its scripts: keeps the largest paint and every layout shift. */
export function observePaintsAndShifts() {
  const w = window as unknown as Probes;
  w.__lcp = 0;
  w.__lcpElement = '';
  w.__cls = 0;
  w.__shifts = [];
  // How the notes below the table name an element (`tag.class`) and a box.
  const describe = (node: Node | null) =>
    node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.classList[0] ? `.${node.classList[0]}` : ''}`
      : String(node?.nodeName ?? 'gone');
  const rect = (r: DOMRect) =>
    r.width || r.height
      ? `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`
      : '(off screen)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      element: Element | null;
      url: string;
    })[]) {
      w.__lcp = entry.startTime;
      w.__lcpElement = `${describe(entry.element)}${entry.url ? ` ${entry.url.split('/').pop()}` : ''}`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      const moved = (entry.sources ?? []).map(
        (source) =>
          `${describe(source.node)} in ${describe(source.node?.parentElement ?? null)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
      );
      w.__shifts.push(
        `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join(', ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Runs in the page once it has settled. */
export function readMeasure(): Omit<Measure, 'jsBytes'> {
  const w = window as unknown as Probes;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  const images = [...document.images].filter(
    (img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0,
  );
  // An image that covers its box (object-fit: cover) is drawn at the larger of the
  // box's width and the width its height scales it to.
  const drawnWidth = (img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return getComputedStyle(img).objectFit === 'cover'
      ? Math.max(box.width, (box.height * img.naturalWidth) / img.naturalHeight)
      : box.width;
  };
  const ratios = images.map((img) => img.naturalWidth / (drawnWidth(img) * devicePixelRatio));
  return {
    totalBytes: navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
    requests: resources.length + 1,
    fcp,
    lcp: w.__lcp,
    lcpElement: w.__lcpElement,
    cls: w.__cls,
    shifts: w.__shifts,
    images: {
      webp: images.filter(
        (img) =>
          /\.webp(\?|$)/.test(img.currentSrc) || img.currentSrc.startsWith('data:image/webp'),
      ).length,
      total: images.length,
      worstRatio: ratios.length ? Math.max(...ratios) : 0,
    },
  };
}
