import { FreshReads } from './fresh-reads';

/** A read function whose reads the test finishes by hand, in order. */
function controlledReads() {
  const started: { key: string; finish: (value: string) => void; fail: (e: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => started.push({ key, finish: resolve, fail: reject }));
  return { started, reads: new FreshReads(read) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshReads', () => {
  it('answers requests that arrive during a read from one later read, never from the earlier one', async () => {
    const { started, reads } = controlledReads();
    const first = reads.get('ann');
    expect(started).toHaveLength(1);
    // Rights change here; these arrive while the first read may have seen the old ones.
    const waiting = [reads.get('ann'), reads.get('ann'), reads.get('ann')];
    expect(started).toHaveLength(1);
    started[0].finish('admin');
    await expect(first).resolves.toBe('admin');
    await settled();
    expect(started).toHaveLength(2);
    started[1].finish('not admin');
    await expect(Promise.all(waiting)).resolves.toEqual(['not admin', 'not admin', 'not admin']);
  });

  it('starts a new read for a request that comes after the shared read began', async () => {
    const { started, reads } = controlledReads();
    const first = reads.get('ann');
    const second = reads.get('ann');
    started[0].finish('v1');
    await first;
    await settled();
    const third = reads.get('ann'); // the second read is already under way
    started[1].finish('v2');
    await expect(second).resolves.toBe('v2');
    await settled();
    expect(started).toHaveLength(3);
    started[2].finish('v3');
    await expect(third).resolves.toBe('v3');
  });

  it('reads each key on its own and reads again once idle', async () => {
    const { started, reads } = controlledReads();
    const ann = reads.get('ann');
    const bob = reads.get('bob');
    expect(started.map((read) => read.key)).toEqual(['ann', 'bob']);
    started[1].finish('bob');
    started[0].finish('ann');
    await expect(Promise.all([ann, bob])).resolves.toEqual(['ann', 'bob']);
    const later = reads.get('ann');
    expect(started).toHaveLength(3);
    started[2].finish('ann again');
    await expect(later).resolves.toBe('ann again');
  });

  it('passes a failed read to its requests and still serves those waiting', async () => {
    const { started, reads } = controlledReads();
    const first = reads.get('ann');
    const waiting = reads.get('ann');
    started[0].fail(new Error('database away'));
    await expect(first).rejects.toThrow('database away');
    await settled();
    started[1].finish('back');
    await expect(waiting).resolves.toBe('back');
  });
});
