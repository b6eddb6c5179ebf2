import type { PointerMove, RemotePointer } from './schemas/remote-pointer.schema';

export type PointerHistory = Pick<RemotePointer, 'current' | 'moves' | 'refused'>;

/**
 * Versions the pointer was rolled back from and not brought back to since: a move's version
 * is the one a rollback leaves when the next move is that rollback, and publishing or
 * promoting a version again clears it (someone chose it once more).
 */
function rolledBackFrom(moves: PointerMove[]): Set<string> {
  const left = new Set<string>();
  moves.forEach((move, index) => {
    if (move.action === 'rollback') {
      if (index > 0) left.add(moves[index - 1].version);
    } else {
      left.delete(move.version);
    }
  });
  return left;
}

/**
 * Where a rollback goes: back through the pointer's history, newest first, to the first
 * version that is not the current one, that no shell refused (a refused one was never
 * served), and that was not rolled back from (so a second rollback goes one further back rather
 * than forward again, as Vercel's instant rollback does). Null when nothing is left.
 */
export function rollbackTarget(pointer: PointerHistory | null): string | null {
  if (!pointer) return null;
  const moves = pointer.moves ?? [];
  const skipped = rolledBackFrom(moves);
  for (const report of pointer.refused ?? []) skipped.add(report.version);
  skipped.add(pointer.current);
  for (let index = moves.length - 1; index >= 0; index--) {
    if (!skipped.has(moves[index].version)) return moves[index].version;
  }
  return null;
}
