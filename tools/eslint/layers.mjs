// Layers for eslint-plugin-import's `import/no-restricted-paths`: from a project's folders
// listed bottom first, the zones that keep each one from importing any listed above it. Every
// folder has its own place, siblings too, so no two folders can import each other and the
// folders' import graph has no cycle. A project lists its layers in its eslint.config.mjs:
//
//   rules: { 'import/no-restricted-paths': ['error', { basePath, zones: layerZones({ ... }) }] }
//
// with an import resolver that knows its extensions (`import/resolver`: node, with '.ts'): an
// import the plugin cannot resolve is never reported.
//
// `siblingZones` adds what layers cannot say: that no folder of one layer (a feature of a
// front end) imports another folder of the same layer.

import fs from 'node:fs';
import path from 'node:path';

const isGlob = (entry) => /[*?[{]/.test(entry);

/**
 * @param {object} options
 * @param {string} options.root The folder holding the layers, relative to the rule's basePath:
 *   'src'.
 * @param {string[]} options.layers Its folders, bottom first; an entry may also be a glob of
 *   files, such as '*.ts' for the files at the top of `root`.
 * @param {string} [options.advice] What to do instead, added to each message.
 * @returns {{ target: string, from: string[], message: string }[]}
 */
export function layerZones({ root, layers, advice = '' }) {
  if (new Set(layers).size !== layers.length) throw new Error('A layer is listed twice');
  const at = (entry) => `${root}/${entry}`;
  // All globs: the rule refuses a zone whose `from` mixes folders and globs.
  const everythingIn = (entry) => (isGlob(entry) ? at(entry) : `${at(entry)}/**`);
  const order = `The layers of ${root}, bottom first: ${layers.join(' < ')}.`;
  return layers.slice(0, -1).map((layer, index) => ({
    target: at(layer),
    from: layers.slice(index + 1).map(everythingIn),
    message: `${at(layer)} may import only the layers below it. ${order} ${advice}`.trim(),
  }));
}

/**
 * One zone per folder of `root` as it stands, each refusing imports from every other folder
 * of `root`: `src/features/content` may not import `src/features/history`. Read from the
 * disk when the config loads, so a feature added later is covered without listing it.
 *
 * @param {object} options
 * @param {string} options.basePath The rule's basePath, where `root` is found.
 * @param {string} options.root The folder whose folders are siblings: 'src/features'.
 * @param {string} [options.advice] What to do instead, added to each message.
 * @returns {{ target: string, from: string, except: string[], message: string }[]}
 */
export function siblingZones({ basePath, root, advice = '' }) {
  return fs
    .readdirSync(path.resolve(basePath, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message: `${root}/${name} must not import another folder of ${root}. ${advice}`.trim(),
    }));
}
