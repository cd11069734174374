// One webpack configuration for every app (DESIGN.md §4-5): the shell as the Module Federation host,
// each area as a remote. Production builds hash every file but the entry points the shell looks up
// by name (index.html, remotes.json, provides.json, remoteEntry.js, mf-manifest.json).
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedLibraries, ROUTER_PACKAGES } = require('./mf-shared');
const { PrecompressPlugin } = require('./precompress');

const API_DEV_TARGET = process.env.API_DEV_URL || 'http://localhost:3000';
// The runtime plugin `experiments.provideExternalRuntime` adds, but its ES-module build: the CommonJS
// one it picks would bring a second, CommonJS copy of the runtime core into the shell (about 20 KB gzip).
const INJECT_EXTERNAL_RUNTIME_CORE = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);
const SHARED_CONTRACTS_DIR = path.resolve(__dirname, '..', 'shared-contracts') + path.sep;

/**
 * Fails the build when an app's own code imports react-router or react-router-dom: the router is shared
 * through `shared-contracts/react` (see tools/mf-shared.js), and a second copy of it would have its own
 * contexts, so a remote's <Link> would find no router. Libraries (node_modules) and shared-contracts may.
 */
class RouterThroughSharedContractsPlugin {
  apply(compiler) {
    const pattern = new RegExp(`^(${ROUTER_PACKAGES.join('|')})(/|$)`);
    compiler.hooks.thisCompilation.tap('RouterThroughSharedContractsPlugin', (compilation, { normalModuleFactory }) => {
      normalModuleFactory.hooks.beforeResolve.tap('RouterThroughSharedContractsPlugin', (data) => {
        const issuer = data.contextInfo?.issuer ?? '';
        if (!pattern.test(data.request) || !issuer) return;
        if (issuer.startsWith(SHARED_CONTRACTS_DIR) || issuer.includes(`${path.sep}node_modules${path.sep}`)) return;
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `${path.relative(compiler.context, issuer)} imports '${data.request}': import the router from 'shared-contracts/react' (one shared router for the shell and every remote).`,
          ),
        );
      });
    });
  }
}

/**
 * The version of `name` installed where `fromDir` would resolve it (node_modules of that folder or of
 * a parent), read from its package.json; links (a workspace package) are followed.
 */
function installedVersion(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) throw new Error(`${name} is shared but not installed for ${fromDir}`);
  }
}

/**
 * What a shell build provides and loads, as the compatibility gate reads it (provides.json, DESIGN.md §5):
 * for each shared library (the keys of the shared map, trailing slash dropped) the version the build
 * bundles and shares (the map's `version` when it sets one, as for shared-contracts, else the installed
 * package's), and for each remote the exposed modules the route table loads from it, sorted.
 *
 * @param {object} input
 * @param {Record<string, {version?: string}>} input.shared   the shared map (tools/mf-shared.js)
 * @param {{pages: Record<string, {remote: string, module: string}>}} input.remotePages  remote-pages.json
 * @param {string} input.buildVersion
 * @param {(name: string) => string} input.installedVersion
 */
function shellProvides({ shared, remotePages, buildVersion, installedVersion: versionOf }) {
  const provides = {};
  for (const [key, config] of Object.entries(shared)) {
    const name = key.replace(/\/$/, '');
    if (!(name in provides)) provides[name] = config.version ?? versionOf(name);
  }
  const loads = {};
  for (const { remote, module } of Object.values(remotePages.pages)) (loads[remote] ??= new Set()).add(module);
  return {
    app: 'shell',
    buildVersion,
    provides: Object.fromEntries(Object.entries(provides).sort(([a], [b]) => (a < b ? -1 : 1))),
    loads: Object.fromEntries(
      Object.keys(loads)
        .sort()
        .map((remote) => [remote, [...loads[remote]].sort()]),
    ),
  };
}

/** Emits provides.json (see shellProvides) into the shell's build. */
class ShellProvidesPlugin {
  /** @param {{appDir: string, remotePagesFile: string, buildVersion: string}} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { appDir, remotePagesFile, buildVersion } = this.options;
    compiler.hooks.thisCompilation.tap('ShellProvidesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellProvidesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(remotePagesFile);
          try {
            const provided = shellProvides({
              shared: sharedLibraries(),
              remotePages: JSON.parse(fs.readFileSync(remotePagesFile, 'utf8')),
              buildVersion,
              installedVersion: (name) => installedVersion(name, appDir),
            });
            compilation.emitAsset('provides.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(provided, null, 2)}\n`));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(`provides.json: ${error.message}`));
          }
        },
      );
    });
  }
}

/**
 * Emits start.json into the shell's build: what the server writes into the HTML of a first visit
 * (api/src/http/start-page.ts) so that the browser asks for it at once instead of one file after another.
 * - `files`: the files the shell loads before its first render, beyond main.js: the chunk groups the
 *   entry starts directly (the `import('./bootstrap')` chunk with its vendor chunks, and the chunk of
 *   each shared library the shell provides, which the bootstrap consumes); not the fallback copies the
 *   consumers would load only if another version were chosen.
 * - `pages`: the route table's remote pages (remote-pages.json), so the server knows a path's remote.
 */
class StartAssetsPlugin {
  /** @param {{remotePagesFile: string}} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = compilation.entrypoints.get('main');
          if (!entry) return;
          const files = new Set();
          for (const group of entry.getChildren()) {
            for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          }
          const { pages } = JSON.parse(fs.readFileSync(this.options.remotePagesFile, 'utf8'));
          const start = { files: [...files].sort(), pages };
          compilation.emitAsset('start.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(start, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * @param {object} app
 * @param {string} app.dir          the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name         Module Federation name, also output.uniqueName (e.g. 'mf_auth')
 * @param {'host'|'remote'} app.kind
 * @param {number} app.devPort      port of `webpack serve`
 * @param {string} [app.mountPath]  where a remote is served on the site (e.g. '/mf/auth/')
 * @param {Record<string,string>} [app.exposes]  a remote's page modules
 * @param {Array<{mountPath: string, devPort: number}>} [app.devRemotes]  the host's dev proxy targets
 * @param {string} [app.remotePages]  the host's remote-pages.json (its route table's remote pages)
 */
function createAppConfig(app) {
  if (app.kind === 'host' && !app.remotePages)
    throw new Error(`${app.name}: a host's config names its remote-pages.json (app.remotePages)`);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const hashed = production ? '.[contenthash:8]' : '';
    const cssPrefix = app.name.replace(/[^a-z0-9]/gi, '');
    const isHost = app.kind === 'host';
    // A remote runs alone (src/index.ts → bootstrap.tsx, with the stand-in shell) in development only. Its
    // production build is what the shell loads and nothing else: remoteEntry.js, the exposed pages and
    // their chunks (it has no federation runtime core of its own, so it could not run alone).
    const standalonePage = isHost || !production;
    // What a release build is called (e.g. a CI build number): it becomes the build version in the
    // remote's mf-manifest.json and salts the content hashes, so a published release is recognisable
    // and never shares a chunk name with another build. Unset, builds are named by package.json.
    const release = process.env.APP_RELEASE?.trim();
    if (release) process.env.MF_BUILD_VERSION = release;

    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: standalonePage ? './src/index.ts' : {},
      // Production maps stay on disk for the size report and the bundle checks (tools/size-report.mjs,
      // e2e first-visit), with no sourceMappingURL comment pointing at them: the site never serves
      // them (api/src/http/site.ts), so the apps' source is not handed out.
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
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
          // The federation runtime core (about 19 KB gzip) is downloaded once, with the shell: the shell
          // publishes its copy (self._FEDERATION_RUNTIME_CORE, set when it initialises, before any remote
          // loads), and a production remote's remoteEntry.js uses it instead of bundling its own (the same
          // pinned @module-federation version on both sides; a remote built this way needs a shell built
          // this way). In development a remote keeps its own, so that it also runs alone (bootstrap.tsx).
          ...(isHost ? { runtimePlugins: [INJECT_EXTERNAL_RUNTIME_CORE] } : {}),
          experiments: {
            // Browser-only runtime: drops the federation runtime's Node.js script loading.
            optimization: { target: 'web' },
            ...(!isHost && production ? { externalRuntime: true } : {}),
          },
        }),
        new RouterThroughSharedContractsPlugin(),
        new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
        ...(standalonePage ? [new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer', hash: production })] : []),
        // Every text file's .br and .gz beside it, made once here; the API sends them (tools/precompress.js).
        ...(production ? [new PrecompressPlugin()] : []),
        ...(isHost
          ? [
              new CopyPlugin({ patterns: [{ from: 'public/remotes.json', to: 'remotes.json' }] }),
              new ShellProvidesPlugin({
                appDir: app.dir,
                remotePagesFile: app.remotePages,
                buildVersion: release || require(path.join(app.dir, 'package.json')).version,
              }),
              new StartAssetsPlugin({ remotePagesFile: app.remotePages }),
            ]
          : []),
      ],
      // The shell loads every library it shares before its first render: in one file instead of one per
      // library (eleven files were six requests deep on a phone's few connections; issue 16). Only in the
      // host: a remote's own copies of the libraries are fallbacks it almost never loads, so they stay apart.
      ...(isHost && production
        ? {
            optimization: {
              splitChunks: {
                chunks: 'async',
                cacheGroups: {
                  libraries: {
                    test: /[\\/](node_modules|shared-contracts)[\\/]/,
                    name: 'libraries',
                    chunks: 'async',
                    enforce: true,
                    priority: 20,
                    reuseExistingChunk: true,
                  },
                },
              },
            },
          }
        : {}),
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

module.exports = { createAppConfig, shellProvides };
