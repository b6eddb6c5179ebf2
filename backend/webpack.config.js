// Bundles the API into dist/backend/main.js (and the media:migrate command beside it). npm packages stay external (installed beside
// it in production); workspace libraries are compiled in.
const path = require('node:path');
const nodeExternals = require('webpack-node-externals');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');

const root = path.resolve(__dirname, '..');

module.exports = (_env, argv) => ({
  mode: argv.mode === 'production' ? 'production' : 'development',
  target: 'node20',
  context: __dirname,
  entry: {
    main: './src/main.ts',
    'media-migrate': './src/media-migrate.ts',
    backup: './src/backup.ts',
  },
  devtool: 'source-map',
  output: { path: path.join(root, 'dist/backend'), filename: '[name].js', clean: true },
  externalsPresets: { node: true },
  externals: [nodeExternals({ modulesDir: path.join(root, 'node_modules') })],
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
              parser: { syntax: 'typescript', decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
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
  node: { __dirname: false, __filename: false },
  stats: 'errors-warnings',
});
