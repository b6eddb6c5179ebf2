// One webpack configuration for the three React apps (the shell host and the two remotes),
// so that Module Federation, sharing and loaders are written once.
const path = require('node:path');
const webpack = require('webpack');
const CleanCSS = require('clean-css');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { shared } = require('./shared');
const { gitCommit } = require('../git-commit');
/** What the API answers at the site's root, which the dev servers forward to it. */
const API_PATHS = Object.values(
  require('../../libs/shared/contracts/src/lib/api-root-paths.json'),
).flat();

const root = path.resolve(__dirname, '../..');
/** Where a server build's asset URLs point until render() knows the remote's address. */
const SERVER_ASSET_PREFIX = '/__remote_assets__/';

/**
 * Writes chunk-styles.json beside a remote's browser build: for each named chunk (a page
 * loaded on demand, `import(/* webpackChunkName: "gallery" *\/ './GalleryPage')`), the
 * stylesheets of every chunk it needs, in the order the browser adds them. A server that
 * renders that page puts these in it, and not the styles of pages it does not show.
 */
class ChunkStylesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkStylesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkStylesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const styles = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            styles[name] = group.chunks.flatMap((chunk) =>
              [...chunk.files].filter((file) => file.endsWith('.css')),
            );
          }
          compilation.emitAsset(
            'chunk-styles.json',
            new webpack.sources.RawSource(JSON.stringify(styles, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * Minifies the production stylesheets: comments and whitespace go, every selector and value
 * stays as written (clean-css with its level 1 optimizations off, so nothing a browser reads
 * differently). The shell's server puts a page's stylesheets in every server-rendered page,
 * so they are parsed before the first paint: 73 → 57 KB for public-mfe's. Source maps follow.
 */
class MinifyCssPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('MinifyCssPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'MinifyCssPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.css')) continue;
            const { source, map } = asset.source.sourceAndMap();
            const minified = new CleanCSS({
              level: { 1: { all: false } },
              rebase: false,
              sourceMap: Boolean(map),
            }).minify({ [asset.name]: { styles: String(source), sourceMap: map ?? undefined } });
            if (minified.errors.length) {
              compilation.errors.push(
                new webpack.WebpackError(`${asset.name}: ${minified.errors.join('; ')}`),
              );
              continue;
            }
            compilation.updateAsset(
              asset.name,
              map
                ? new webpack.sources.SourceMapSource(
                    minified.styles,
                    asset.name,
                    minified.sourceMap.toString(),
                    String(source),
                    map,
                    true,
                  )
                : new webpack.sources.RawSource(minified.styles),
            );
          }
        },
      );
    });
  }
}

/** An app's message catalogues (`src/locales/*.json`), compiled for Lingui at build time. */
const CATALOGUES_RULE = {
  test: /[\\/]src[\\/]locales[\\/][\w-]+\.json$/,
  type: 'javascript/auto',
  use: path.join(__dirname, 'catalogue-loader.js'),
};

/**
 * @param {object} options
 * @param {string} options.project folder of the app, e.g. 'public-mfe'
 * @param {string} options.container Module Federation container name (a JS identifier)
 * @param {number} options.port dev-server port
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {string} [options.title] HTML title for the standalone page
 */
function createConfig(options, argv = {}) {
  const { project, container, port, exposes, title = 'Vitrine' } = options;
  const production = argv.mode === 'production' || process.env.NODE_ENV === 'production';
  const projectRoot = path.join(root, project);
  const pkg = require(path.join(root, 'package.json'));
  const apiTarget = process.env.API_PROXY_TARGET || `http://localhost:${process.env.PORT || 3000}`;
  const publicDir = path.join(projectRoot, 'public');

  return {
    mode: production ? 'production' : 'development',
    context: projectRoot,
    entry: { main: path.join(projectRoot, 'src/main.ts') },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      // WEBPACK_OUTPUT_DIR lets a test make a second build of an app beside the first.
      path: process.env.WEBPACK_OUTPUT_DIR
        ? path.resolve(process.env.WEBPACK_OUTPUT_DIR)
        : path.join(root, 'dist', project),
      publicPath: 'auto',
      uniqueName: container,
      filename: production ? '[name].[contenthash:20].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:20].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      // A remote's server build lives in its server/ folder, written by a sibling compiler.
      clean: exposes ? { keep: /^server\// } : true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        // The shell's plugin that hands its Module Federation runtime to the remotes
        // (provideExternalRuntime, below) is CommonJS and would bring a second, CommonJS copy
        // of the runtime beside the ES module one the bundler runtime imports: one copy.
        '@module-federation/runtime-tools/runtime-core$': path.join(
          path.dirname(require.resolve('@module-federation/runtime-tools/package.json')),
          'dist/runtime-core.js',
        ),
      },
      plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
        CATALOGUES_RULE,
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        {
          // @vitrine/ui's modules have no side effects but their stylesheets: an app that
          // imports from its index bundles (and styles) only the components it uses, each
          // page's chunk carrying its own.
          test: /libs[\\/]shared[\\/]ui[\\/]src[\\/].*\.tsx?$/,
          sideEffects: false,
        },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?|mp4|webm)$/,
          type: 'asset/resource',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: container,
        filename: 'remoteEntry.js',
        exposes: exposes && { ...exposes, './Version': path.join(__dirname, 'version.js') },
        remotes: {},
        shared,
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // A remote loads no remotes of its own and is reached through remoteEntry.js, not a
        // manifest snapshot: that part of the runtime stays out of it (about 8 KB gzip). In
        // production it has no runtime of its own at all but the shell's, which every page
        // loads first (11 KB less of the home page's JavaScript, bench:web's JS column): a
        // production remote runs only inside the shell. Its dev server keeps its own runtime,
        // so that it also runs standalone.
        ...(exposes
          ? {
              experiments: {
                optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
                externalRuntime: production,
              },
            }
          : { experiments: { provideExternalRuntime: true } }),
      }),
      new webpack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(`${pkg.version}+${gitCommit()}`),
        __APP_NAME__: JSON.stringify(project),
        // Build-time text a remote may show (used to tell two builds apart in deployment tests).
        __BUILD_BANNER__: JSON.stringify(
          process.env[`${project.replace('-', '_').toUpperCase()}_BANNER`] ?? '',
        ),
      }),
      new HtmlWebpackPlugin({
        // One page for every app: each differs only in its title.
        template: path.join(__dirname, 'index.html'),
        title,
        chunks: ['main'],
        // Absolute, so deep links such as /admin/user load the same bundle.
        publicPath: '/',
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({ filename: '[name].[contenthash:20].css' }),
            new MinifyCssPlugin(),
          ]
        : []),
      ...(exposes ? [new ChunkStylesPlugin()] : []),
      ...(require('node:fs').existsSync(publicDir)
        ? [new CopyWebpackPlugin({ patterns: [{ from: publicDir, to: '.' }] })]
        : []),
    ],
    optimization: {
      runtimeChunk: false,
      splitChunks: {
        cacheGroups: {
          // The @vitrine/ui styles a remote's exposed module uses, in a stylesheet of their own
          // that comes before the app's: an app's rule wins over the kit's at equal
          // specificity, wherever the app first imports its own styles. (Those only a page
          // loaded later uses stay in that page's chunk.)
          uiStyles: {
            test: /libs[\\/]shared[\\/]ui[\\/].*\.css$/,
            type: 'css/mini-extract',
            chunks: (chunk) => chunk.name?.startsWith('__federation_expose_') ?? false,
            name: 'vitrine-ui',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port,
      host: process.env.HOST || 'localhost',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      client: { overlay: { warnings: false } },
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The shell's server tells a rebuilt remote by its files' ETags (see ssr-remote.js).
      devMiddleware: { etag: 'weak' },
      static: require('node:fs').existsSync(publicDir) ? [{ directory: publicDir }] : false,
      proxy: [{ context: API_PATHS, target: apiTarget }],
    },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/**
 * A remote's server build: the same source as a CommonJS Module Federation container for
 * Node (target async-node, `library: commonjs-module`, the node runtime plugin), written to
 * `dist/<project>/server/` and served next to the browser build, so whoever renders the site
 * on a server loads it from the remote's address at run time, as browsers load theirs.
 * It shares nothing: it carries its own React, so the loading server needs none, and it is one
 * file, so one request brings a whole new build.
 *
 * @param {object} options as for createConfig, with `exposes` the server entry points
 */
function createServerConfig(options, argv = {}) {
  const { project, container, exposes } = options;
  const production = argv.mode === 'production' || process.env.NODE_ENV === 'production';
  const browser = createConfig({ ...options, exposes: {} }, argv);
  const pkg = require(path.join(root, 'package.json'));
  return {
    name: `${project}-server`,
    mode: browser.mode,
    context: browser.context,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: path.join(browser.output.path, 'server'),
      // Files (the hero video, the logo) are the browser build's, on the remote's own address,
      // which only the loading server knows: render() puts that in place of this prefix.
      publicPath: SERVER_ASSET_PREFIX,
      assetModuleFilename: browser.output.assetModuleFilename,
      uniqueName: `${container}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:20].js',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: browser.resolve,
    module: {
      rules: [
        browser.module.rules[0],
        CATALOGUES_RULE,
        // Styles are the browser build's business: the server only needs class names.
        { test: /\.css$/, use: path.join(__dirname, 'no-styles-loader.js') },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?|mp4|webm)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: container,
        filename: 'remoteEntry.js',
        exposes: { ...exposes, './Version': path.join(__dirname, 'version.js') },
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        remotes: {},
        shared: {},
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        experiments: { asyncStartup: true },
      }),
      new webpack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(`${pkg.version}+${gitCommit()}`),
        __APP_NAME__: JSON.stringify(project),
        __BUILD_BANNER__: JSON.stringify(
          process.env[`${project.replace('-', '_').toUpperCase()}_BANNER`] ?? '',
        ),
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        __SERVER_ASSET_PREFIX__: JSON.stringify(SERVER_ASSET_PREFIX),
      }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

module.exports = { createConfig, createServerConfig };
