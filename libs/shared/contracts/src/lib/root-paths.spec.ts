import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { API_ROOT_PATHS, CRAWLER_FILES } from '../index';

const root = path.resolve(__dirname, '../../../../..');

describe("the API's root paths", () => {
  it('are the same list when Node loads the library from source, as npm start runs the API', () => {
    // Node's resolver, unlike webpack's and jest's, may pick another file for an import
    // without extension: the API started from source once read every list as undefined.
    const loaded = execFileSync(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        '-e',
        "const c = require('./libs/shared/contracts/src/index.ts'); process.stdout.write(JSON.stringify([c.API_ROOT_PATHS, c.CRAWLER_FILES]))",
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SWC_NODE_PROJECT: path.join(root, 'backend/tsconfig.app.json') },
      },
    );
    expect(JSON.parse(loaded)).toEqual([API_ROOT_PATHS, CRAWLER_FILES]);
    expect(API_ROOT_PATHS).toEqual(['/api', '/uploads', '/sitemap.xml', '/robots.txt']);
  });
});
