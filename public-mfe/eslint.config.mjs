import path from 'node:path';
import { fileURLToPath } from 'node:url';
import reactConfig from '../eslint.react.mjs';
import { siblingZones } from '../tools/eslint/layers.mjs';

// The folders of src/ are layers, each importing only those below it, so that no two of them
// depend on each other: server (the render entry) > app (routes, layout, seo) > features >
// components > lib. `basePath` makes the zones mean the same whether ESLint runs here (as
// `nx lint` does) or from the workspace root.
const here = path.dirname(fileURLToPath(import.meta.url));
const LAYERS = ['server', 'app', 'features', 'components', 'lib'];
const layerZones = LAYERS.slice(1).map((layer, index) => ({
  target: `./src/${layer}`,
  from: LAYERS.slice(0, index + 1).map((above) => `./src/${above}`),
  message: `src/${layer} is below ${LAYERS.slice(0, index + 1).join(', ')}: move the shared piece down instead.`,
}));

// Pages compose features; no feature imports another (what two share goes down a layer).
const featureZones = siblingZones({
  basePath: here,
  root: 'src/features',
  advice: 'Move what features share down to src/components or src/lib.',
});

// Beside the layers, src/testing is the specs' toolkit (fixtures): only specs import it.
const SPECS = ['src/**/*.spec.ts', 'src/**/*.spec.tsx'];
const testingZones = LAYERS.map((layer) => ({
  target: `./src/${layer}`,
  from: './src/testing',
  message: 'src/testing is the specs’ toolkit: only specs import it.',
}));
const layers = (zones) => ['error', { basePath: here, zones }];

export default [
  ...reactConfig,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
    },
    rules: {
      'import/no-restricted-paths': layers([...layerZones, ...featureZones, ...testingZones]),
      // A link inside the site stays in the page's language (`/hi/product`): src/lib/links.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link and NavLink from src/lib/links: they keep the page’s language.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/links.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: SPECS,
    rules: { 'import/no-restricted-paths': layers([...layerZones, ...featureZones]) },
  },
];
