/**
 * A seeded random source for the randomized suites (mulberry32): the same seed gives the same
 * run, so a failure a suite finds can be pinned by its seed.
 */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick, int: (below: number) => Math.floor(next() * below) };
}

export type Random = ReturnType<typeof randomFrom>;
