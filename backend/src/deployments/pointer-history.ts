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
 * served), that was not rolled back from (so a second rollback goes one further back rather
 * than forward again, as Vercel's instant rollback does), and whose files the remote's server
 * still keeps (`removed`: pruned from its disk). Null when nothing is left to go back to.
 */
export function rollbackTarget(
  pointer: PointerHistory | null,
  removed: ReadonlySet<string> = new Set(),
): string | null {
  if (!pointer) return null;
  const moves = pointer.moves ?? [];
  const skipped = rolledBackFrom(moves);
  for (const report of pointer.refused ?? []) skipped.add(report.version);
  for (const version of removed) skipped.add(version);
  skipped.add(pointer.current);
  for (let index = moves.length - 1; index >= 0; index--) {
    if (!skipped.has(moves[index].version)) return moves[index].version;
  }
  return null;
}

/**
 * The versions of one environment's pointer that the remote's server must keep on disk:
 * the one it names, the one a rollback goes to, and the one the shells last said they serve
 * (a version pinned in a shell's configuration is reported so once it passes its checks).
 */
export function versionsNamed(
  pointer: PointerHistory & Pick<RemotePointer, 'serving'>,
  removed: ReadonlySet<string>,
): string[] {
  return [pointer.current, rollbackTarget(pointer, removed), pointer.serving?.version].filter(
    (version): version is string => Boolean(version),
  );
}
