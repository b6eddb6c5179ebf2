import { remoteForPath } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

describe('remoteForPath', () => {
  it('gives /admin and everything under it to the admin remote, the rest to the public one', () => {
    expect(remoteForPath('/admin')).toBe('admin_mfe');
    expect(remoteForPath('/admin/product')).toBe('admin_mfe');
    expect(remoteForPath('/')).toBe('public_mfe');
    expect(remoteForPath('/administration-fees')).toBe('public_mfe');
    expect(remoteForPath('/singleproject/indigo')).toBe('public_mfe');
  });
});
