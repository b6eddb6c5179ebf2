// `npm start` runs the pages under production's Content-Security-Policy, which refuses eval.
const { createConfig, createServerConfig } = require('../webpack/create-config.js') as {
  createConfig(options: object, argv: object): { devtool: string | false };
  createServerConfig(options: object, argv: object): { devtool: string | false };
};

describe('the development builds', () => {
  const apps = [
    { project: 'shell', container: 'shell', port: 4200 },
    {
      project: 'public-mfe',
      container: 'public_mfe',
      port: 4201,
      exposes: { './Module': './src/remote-entry.ts' },
    },
    {
      project: 'admin-mfe',
      container: 'admin_mfe',
      port: 4202,
      exposes: { './Module': './src/remote-entry.ts' },
    },
  ];

  it('make source maps that need no eval, which the policy refuses', () => {
    for (const app of apps) {
      const devtool = createConfig(app, { mode: 'development' }).devtool;
      expect({ project: app.project, devtool }).toEqual({
        project: app.project,
        devtool: expect.not.stringContaining('eval'),
      });
    }
    const server = createServerConfig(
      { ...apps[1], exposes: { './ssr': './src/server/render.tsx' } },
      { mode: 'development' },
    );
    expect(String(server.devtool)).not.toContain('eval');
  });
});
