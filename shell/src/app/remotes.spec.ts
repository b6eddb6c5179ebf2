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

describe('loadShellConfig', () => {
  it('loads the remotes the page names over those of /config.json', async () => {
    const { registerRemotes } = jest.requireMock('@module-federation/enhanced/runtime') as {
      registerRemotes: jest.Mock;
    };
    document.body.innerHTML =
      '<script type="application/json" id="vitrine-remotes">' +
      '{"public_mfe":"https://remotes.example/public/v2/remoteEntry.js"}</script>';
    const fetched = {
      remotes: {
        public_mfe: 'https://remotes.example/public/v3/remoteEntry.js',
        admin_mfe: 'https://remotes.example/admin/v7/remoteEntry.js',
      },
    };
    const { loadShellConfig } = await import('./remotes');
    const config = await loadShellConfig((async () => ({
      ok: true,
      json: async () => fetched,
    })) as unknown as typeof fetch);
    expect(config.remotes).toEqual({
      public_mfe: 'https://remotes.example/public/v2/remoteEntry.js',
      admin_mfe: 'https://remotes.example/admin/v7/remoteEntry.js',
    });
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'public_mfe', entry: 'https://remotes.example/public/v2/remoteEntry.js' },
        { name: 'admin_mfe', entry: 'https://remotes.example/admin/v7/remoteEntry.js' },
      ],
      { force: true },
    );
  });
});
