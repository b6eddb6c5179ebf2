import reactConfig from '../eslint.react.mjs';
import { siblingZones } from '../tools/eslint/layers.mjs';

/*
 * The folders of src/ are layers, bottom to top: lib (the API client, the query cache, form
 * and list plumbing), components (pieces the features share), features (a screen family's
 * pieces), app (routes, gate, layout and the screens). A folder imports only the folders
 * below it, so no import runs back up and no two folders depend on each other. Beside them:
 * src/*.ts(x) starts the area; standalone/ is the sign-in form of the standalone dev server,
 * which only bootstrap.tsx uses; testing/ is the specs' toolkit, which only specs use.
 * No feature imports another: what two share goes down to components/ or lib/.
 *
 * A spec is not part of its folder's layer (nothing imports a spec): specs stand on top of
 * everything, testing/ just below them, importing only lib. So lib/x.spec.tsx importing
 * testing/render.tsx, which imports lib/session.ts, runs down all the way and is no cycle.
 */
const LAYERS = ['lib', 'components', 'features', 'app'];
const STARTS = ['bootstrap.tsx', 'main.ts', 'remote-entry.ts'].map((file) => `./src/${file}`);
const FOLDERS = [...LAYERS, 'standalone', 'testing'];

const ORDER = `the layers run ${LAYERS.join(' < ')}, and a folder imports only those below it`;

/** What `folder` may not import, and why. */
function zonesFor(folder, { forSpecs }) {
  const target = `./src/${folder}`;
  const zones = [];
  const layer = LAYERS.indexOf(folder);
  for (const above of layer >= 0 ? LAYERS.slice(layer + 1) : []) {
    zones.push({
      target,
      from: `./src/${above}`,
      message: `src/${folder} must not import src/${above}: ${ORDER}.`,
    });
  }
  if (folder === 'testing') {
    zones.push({
      target,
      from: FOLDERS.filter((other) => other !== 'lib' && other !== 'testing').map(
        (o) => `./src/${o}`,
      ),
      message: 'src/testing, the specs’ toolkit, imports only src/lib.',
    });
  }
  if (folder !== 'standalone') {
    zones.push({
      target,
      from: './src/standalone',
      message: 'src/standalone is the standalone dev server’s sign-in, for bootstrap.tsx alone.',
    });
  }
  if (!forSpecs && folder !== 'testing') {
    zones.push({
      target,
      from: './src/testing',
      message: 'src/testing is the specs’ toolkit: only specs import it.',
    });
  }
  zones.push({
    target,
    from: STARTS,
    message: 'bootstrap.tsx, main.ts and remote-entry.ts start the area: nothing imports them.',
  });
  return zones;
}

const features = siblingZones({
  basePath: import.meta.dirname,
  root: 'src/features',
  advice: 'Move what features share down to src/components or src/lib.',
});

const layers = (forSpecs) => [
  'error',
  {
    basePath: import.meta.dirname,
    zones: [...FOLDERS.flatMap((folder) => zonesFor(folder, { forSpecs })), ...features],
  },
];

const SPECS = ['src/**/*.spec.ts', 'src/**/*.spec.tsx'];

export default [
  ...reactConfig,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    // Without extensions the rule cannot resolve `../lib/errors` and would pass it unseen.
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } } },
    rules: { 'import/no-restricted-paths': layers(false) },
  },
  {
    files: SPECS,
    rules: { 'import/no-restricted-paths': layers(true) },
  },
  {
    files: ['src/**/*.tsx'],
    ignores: SPECS,
    rules: {
      // Every uploaded image is drawn by ResponsiveImage (srcset, size reserved, placeholder,
      // lazy loading), so no screen picks one variant by hand again.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img']",
          message: 'Show an uploaded image with ResponsiveImage from @vitrine/ui.',
        },
      ],
    },
  },
];
