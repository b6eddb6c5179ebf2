// A map that forgets its least recently used entries once their total weight passes a limit:
// the shell server's kept pages (weighed one each) and kept /uploads files (weighed in bytes).

/**
 * @template V
 * @param {object} options
 * @param {number} options.maxWeight
 * @param {(value: V) => number} [options.weigh] one per entry when not given
 */
function createLru({ maxWeight, weigh = () => 1 }) {
  /** The least recently used first. */
  let entries = new Map();
  let weight = 0;

  const drop = (key) => {
    if (!entries.has(key)) return;
    weight -= weigh(entries.get(key));
    entries.delete(key);
  };

  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      drop(key);
      entries.set(key, value);
      weight += weigh(value);
      while (weight > maxWeight) drop(entries.keys().next().value);
      return value;
    },
    clear() {
      entries = new Map();
      weight = 0;
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}

module.exports = { createLru };
