// The public site's message catalogues (public-mfe/src/locales/*.json: nested keys, ICU
// MessageFormat texts) as Lingui reads them: one flat id per text ("nav.home"), each compiled
// by Lingui's own compiler at build time, so the pages carry no message parser. The webpack
// builds load them through this loader and jest through `process` (its JSON transform).
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/** The catalogue `source` (JSON text) compiled: `{ "nav.home": ["Home"], … }`. */
function compileCatalogue(source) {
  const messages = {};
  const walk = (node, prefix) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') messages[`${prefix}${key}`] = compileMessage(value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(source), '');
  return messages;
}

module.exports = function catalogueLoader(source) {
  return `module.exports = ${JSON.stringify(compileCatalogue(source))};`;
};
module.exports.compileCatalogue = compileCatalogue;
/** jest's transform of a catalogue: JSON text back, as jest parses a .json module's. */
module.exports.process = (source) => ({ code: JSON.stringify(compileCatalogue(source)) });
