// The site's text files, compressed once at build time (DESIGN.md §4): beside every .js, .mjs, .css,
// .html, .json, .svg and .txt file of 1 KiB or more, `<file>.br` (brotli, best quality) and
// `<file>.gz` (gzip -9), each only when it is smaller than the file, with the file's own mtime (so
// Last-Modified and If-Modified-Since mean the same in every encoding). The API sends them by
// Accept-Encoding through @fastify/static's `preCompressed` (api/src/http/site.ts); a file without
// them goes out as it is. Source maps are never served, so never compressed.
//
// Every app's production build runs it over its dist (PrecompressPlugin, tools/webpack-app.js), and
// publishing copies a build with them. For a folder built before this existed:
//   node tools/precompress.js <folder>...
const fs = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/i;
/** Below this the framing costs more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const { constants } = zlib;
const ENCODINGS = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzip(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Writes `file`'s .br and .gz (each whole or not at all: a server may be reading the folder) and
 * removes one that would not be smaller, or that a file now too small or gone left behind.
 * @param {string} file
 * @returns {Promise<string[]>} the files written
 */
async function precompressFile(file) {
  if (!COMPRESSIBLE.test(file)) return [];
  const stat = await fs.stat(file).catch(() => null);
  const data = stat?.isFile() && stat.size >= MIN_BYTES ? await fs.readFile(file) : null;
  const written = await Promise.all(
    ENCODINGS.map(async ({ extension, compress }) => {
      const target = file + extension;
      const bytes = data && (await compress(data));
      if (!bytes || bytes.length >= data.length) {
        await fs.rm(target, { force: true });
        return null;
      }
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.utimes(temporary, stat.atime, stat.mtime);
      await fs.rename(temporary, target);
      return target;
    }),
  );
  return written.filter(Boolean);
}

/**
 * precompressFile for every file under `dir`.
 * @param {string} dir
 * @returns {Promise<string[]>} the files written
 */
async function precompressDir(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return (await Promise.all(files.map(precompressFile))).flat();
}

/** Compresses the build's output folder once webpack has written it. */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', () => precompressDir(compiler.outputPath));
  }
}

module.exports = { precompressFile, precompressDir, PrecompressPlugin };

if (require.main === module) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node tools/precompress.js <folder>...');
    process.exit(2);
  }
  Promise.all(dirs.map(precompressDir)).then(
    (written) => console.log(`precompress: ${written.flat().length} files written`),
    (error) => {
      console.error(`precompress: ${error.message}`);
      process.exit(1);
    },
  );
}
