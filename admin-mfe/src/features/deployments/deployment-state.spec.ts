import { deploymentsQueryOptions, CHECKING_REFRESH_MS } from './api/get-deployments';
import { pointerState, shortVersion, type RemoteDeployment } from './deployment-state';

const remote = (changes: Partial<RemoteDeployment>): RemoteDeployment => ({
  remote: 'public_mfe',
  environment: 'production',
  current: 'v2',
  previous: 'v1',
  serving: { version: 'v1', at: '2026-11-27T09:00:00.000Z' },
  refused: [],
  moves: [{ version: 'v2', action: 'publish', by: 'admin', at: '2026-11-27T10:00:00.000Z' }],
  versions: [],
  ...changes,
});

describe('where a pointer stands', () => {
  it('is served once the shells say they serve the version it names', () => {
    expect(pointerState(remote({ serving: { version: 'v2', at: '' } }))).toBe('served');
  });

  it('is checking until the shells say anything of the version it names', () => {
    expect(pointerState(remote({}))).toBe('checking');
    expect(pointerState(remote({ serving: null }))).toBe('checking');
  });

  it('is refused when the shells refused the version after it was named', () => {
    const refused = [{ version: 'v2', reason: 'broken', at: '2026-11-27T10:00:05.000Z' }];
    expect(pointerState(remote({ refused }))).toBe('refused');
  });

  it('is checking again when a refused version is named anew', () => {
    const refused = [{ version: 'v2', reason: 'broken', at: '2026-11-27T09:30:00.000Z' }];
    expect(pointerState(remote({ refused }))).toBe('checking');
  });

  it('is unpublished while nothing is named', () => {
    expect(pointerState(remote({ current: null, serving: null, moves: [] }))).toBe('unpublished');
  });
});

describe('the versions query', () => {
  const interval = (data: RemoteDeployment[] | undefined) => {
    const { refetchInterval } = deploymentsQueryOptions('production');
    return (refetchInterval as (query: unknown) => number | false)({ state: { data } });
  };

  it('asks again every few seconds while the shells check a version, and not otherwise', () => {
    expect(interval([remote({}), remote({ remote: 'admin_mfe', current: null })])).toBe(
      CHECKING_REFRESH_MS,
    );
    expect(interval([remote({ serving: { version: 'v2', at: '' } })])).toBe(false);
    expect(interval(undefined)).toBe(false);
  });
});

describe('a version as shown', () => {
  it('keeps a short id whole, and shortens a long one to its start and its commit', () => {
    expect(shortVersion('v1.2.3')).toBe('v1.2.3');
    expect(shortVersion('3f9a0c1b2d4e-e98d368')).toBe('3f9a0c1…e98d368');
  });
});
