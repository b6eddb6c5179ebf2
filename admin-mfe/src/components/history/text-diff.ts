/** One run of a word difference: words both versions share, or only the earlier or later has. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  /** The run's words, separated by spaces, with a line break kept as '\n'. */
  text: string;
}

/**
 * Beyond this many word pairs in the part that differs, the table of common runs would cost
 * more than it tells: the two versions are shown as one removal and one addition instead.
 */
const MOST_PAIRS = 1_000_000;

/** Words and line breaks: a paragraph or list item of rich text ends with '\n'. */
function wordsOf(text: string): string[] {
  return text.match(/\n|[^\s]+/g) ?? [];
}

function joined(words: string[]): string {
  return words.join(' ').replace(/ ?\n ?/g, '\n');
}

/**
 * The words removed and added between two texts, in reading order: the longest common
 * subsequence of their words is kept, the rest is a removal or an addition. The common start
 * and end are set aside first, so an edit in a long text compares only its middle.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const from = wordsOf(before);
  const to = wordsOf(after);
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start++;
  let end = 0;
  while (
    end < from.length - start &&
    end < to.length - start &&
    from[from.length - 1 - end] === to[to.length - 1 - end]
  ) {
    end++;
  }
  const middleFrom = from.slice(start, from.length - end);
  const middleTo = to.slice(start, to.length - end);

  const runs: { kind: DiffPart['kind']; word: string }[] = [
    ...from.slice(0, start).map((word) => ({ kind: 'same' as const, word })),
    ...middleRuns(middleFrom, middleTo),
    ...from.slice(from.length - end).map((word) => ({ kind: 'same' as const, word })),
  ];

  const parts: DiffPart[] = [];
  let words: string[] = [];
  let kind: DiffPart['kind'] | null = null;
  for (const run of runs) {
    if (run.kind !== kind && kind) {
      parts.push({ kind, text: joined(words) });
      words = [];
    }
    kind = run.kind;
    words.push(run.word);
  }
  if (kind) parts.push({ kind, text: joined(words) });
  return parts;
}

/** The middle part's words, each kept, removed or added, removals before additions. */
function middleRuns(from: string[], to: string[]): { kind: DiffPart['kind']; word: string }[] {
  if (from.length * to.length > MOST_PAIRS) {
    return [
      ...from.map((word) => ({ kind: 'removed' as const, word })),
      ...to.map((word) => ({ kind: 'added' as const, word })),
    ];
  }
  // common[i][j]: the length of the longest common subsequence of from[i..] and to[j..].
  const width = to.length + 1;
  const common = new Uint32Array((from.length + 1) * width);
  for (let i = from.length - 1; i >= 0; i--) {
    for (let j = to.length - 1; j >= 0; j--) {
      common[i * width + j] =
        from[i] === to[j]
          ? common[(i + 1) * width + j + 1] + 1
          : Math.max(common[(i + 1) * width + j], common[i * width + j + 1]);
    }
  }
  const runs: { kind: DiffPart['kind']; word: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < from.length || j < to.length) {
    if (i < from.length && j < to.length && from[i] === to[j]) {
      runs.push({ kind: 'same', word: from[i++] });
      j++;
    } else if (
      i < from.length &&
      (j === to.length || common[(i + 1) * width + j] >= common[i * width + j + 1])
    ) {
      runs.push({ kind: 'removed', word: from[i++] });
    } else {
      runs.push({ kind: 'added', word: to[j++] });
    }
  }
  return runs;
}
