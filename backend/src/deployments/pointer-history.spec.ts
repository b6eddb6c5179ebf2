import { rollbackTarget, versionsNamed } from './pointer-history';
import type { PointerMove } from './schemas/remote-pointer.schema';

/** A pointer whose history is `steps` (`publish:v1`, `rollback:v1`…), oldest first. */
function pointer(steps: string[], refused: string[] = [], serving?: string) {
  const moves = steps.map((step): PointerMove => {
    const [action, version] = step.split(':') as [PointerMove['action'], string];
    return { action, version, by: 'admin', at: new Date(0) };
  });
  return {
    current: moves.at(-1)!.version,
    moves,
    refused: refused.map((version) => ({ version, at: new Date(0) })),
    serving: serving ? { version: serving, at: new Date(0) } : undefined,
  };
}

describe('where a rollback goes', () => {
  it('goes one further back each time, and nowhere once the first version is reached', () => {
    const history = ['publish:v1', 'publish:v2', 'publish:v3'];
    expect(rollbackTarget(pointer(history))).toBe('v2');
    expect(rollbackTarget(pointer([...history, 'rollback:v2']))).toBe('v1');
    expect(rollbackTarget(pointer([...history, 'rollback:v2', 'rollback:v1']))).toBeNull();
    expect(rollbackTarget(null)).toBeNull();
  });

  it('passes over refused and pruned versions, and the current one named earlier too', () => {
    expect(rollbackTarget(pointer(['publish:v1', 'publish:v2', 'publish:v3'], ['v2']))).toBe('v1');
    expect(
      rollbackTarget(pointer(['publish:v1', 'publish:v2', 'publish:v3']), new Set(['v2'])),
    ).toBe('v1');
    expect(rollbackTarget(pointer(['publish:v1', 'publish:v2', 'promote:v1']))).toBe('v2');
  });

  it('takes a version rolled back from as a way back again once it is promoted or published', () => {
    const left = ['publish:v1', 'publish:v2', 'rollback:v1', 'publish:v3'];
    expect(rollbackTarget(pointer(left))).toBe('v1');
    expect(rollbackTarget(pointer([...left, 'promote:v2', 'publish:v4']))).toBe('v2');
  });

  it('names what the remote must keep: current, the way back, and what the shells serve', () => {
    const kept = versionsNamed(
      pointer(['publish:v1', 'publish:v2', 'publish:v3'], [], 'v1'),
      new Set(),
    );
    expect(kept).toEqual(['v3', 'v2', 'v1']);
  });
});
