// One webpack configuration for every app (DESIGN.md §4-5): the shell as the Module Federation host,
// each area as a remote. Production builds hash every file but the entry points the shell looks up
// by name (index.html, remotes.json, remoteEntry.js, mf-manifest.json).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedLibraries } = require('./mf-shared');

const API_DEV_TARGET = process.env.API_DEV_URL || 'http://localhost:3000';

/**
 * @param {object} app
 * @param {string} app.dir          the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name         Module Federation name, also output.uniqueName (e.g. 'mf_auth')
 * @param {'host'|'remote'} app.kind
 * @param {number} app.devPort      port of `webpack serve`
 * @param {string} [app.mountPath]  where a remote is served on the site (e.g. '/mf/auth/')
 * @param {Record<string,string>} [app.exposes]  a remote's page modules
 * @param {Array<{mountPath: string, devPort: number}>} [app.devRemotes]  the host's dev proxy targets
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const hashed = production ? '.[contenthash:8]' : '';
    const cssPrefix = app.name.replace(/[^a-z0-9]/gi, '');
    const isHost = app.kind === 'host';
    // What a release build is called (e.g. a CI build number): it becomes the build version in the
    // remote's mf-manifest.json and salts the content hashes, so a published release is recognisable
    // and never shares a chunk name with another build. Unset, builds are named by package.json.
    const release = process.env.APP_RELEASE?.trim();
    if (release) process.env.MF_BUILD_VERSION = release;

    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: app.name,
        ...(release ? { hashSalt: release } : {}),
        // Entry files keep fixed names (the federation runtime cannot template a content hash into
        // them); index.html asks for them with a build hash, and the server sends them no-cache.
        filename: '[name].js',
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(app.dir, 'tsconfig.json') } },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? `${cssPrefix}_[hash:base64:6]` : `${cssPrefix}_[name]__[local]`,
                  },
                },
              },
            ],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost
            ? { remotes: {}, shareStrategy: 'loaded-first' }
            : { filename: 'remoteEntry.js', exposes: app.exposes, manifest: true }),
          shared: sharedLibraries(),
          dts: false,
        }),
        new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
        new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer', hash: production }),
        ...(isHost ? [new CopyPlugin({ patterns: [{ from: 'public/remotes.json', to: 'remotes.json' }] })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: app.devPort,
        hot: false,
        liveReload: true,
        historyApiFallback: isHost ? true : { index: `${app.mountPath}index.html` },
        devMiddleware: { publicPath: isHost ? '/' : app.mountPath },
        static: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // One origin in dev too: the API and (for the shell) every remote's dev server behind it.
        proxy: [
          { context: ['/api'], target: API_DEV_TARGET },
          ...(app.devRemotes ?? []).map((r) => ({ context: [r.mountPath], target: `http://localhost:${r.devPort}` })),
        ],
      },
    };
  };
}

module.exports = { createAppConfig };
