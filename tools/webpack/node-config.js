// One webpack configuration for the Node bundles: the API, the shell's server and the static
// server. Workspace libraries are compiled in; npm packages stay external unless `bundleAll`
// (a bundle whose image installs nothing).
const path = require('node:path');
const nodeExternals = require('webpack-node-externals');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');

const root = path.resolve(__dirname, '../..');

/**
 * @param {object} options
 * @param {string} options.context the project's folder
 * @param {Record<string, string>} options.entry
 * @param {string} options.output the bundle's folder under dist/
 * @param {boolean} [options.decorators] Nest's decorators and their metadata (the API)
 * @param {boolean} [options.bundleAll] compile npm packages in too
 */
function createNodeConfig({ context, entry, output, decorators = false, bundleAll = false }, argv) {
  return {
    mode: argv.mode === 'production' ? 'production' : 'development',
    target: 'node20',
    context,
    entry,
    devtool: 'source-map',
    output: { path: path.join(root, 'dist', output), filename: '[name].js', clean: true },
    externalsPresets: { node: true },
    externals: bundleAll ? [] : [nodeExternals({ modulesDir: path.join(root, 'node_modules') })],
    resolve: {
      extensions: ['.ts', '.js', '.json'],
      plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', decorators },
                transform: decorators ? { legacyDecorator: true, decoratorMetadata: true } : {},
                target: 'es2022',
                keepClassNames: true,
              },
              module: { type: 'commonjs' },
            },
          },
        },
      ],
    },
    // Nest resolves providers by class name and reads decorator metadata: keep names intact.
    optimization: { minimize: false },
    // __filename is the bundle's own (the shell's server gives the remote's container Node's
    // require from it).
    node: { __dirname: false, __filename: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createNodeConfig };
