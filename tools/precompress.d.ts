// Types of tools/precompress.js for the TypeScript that uses it (the API's tests).
/** Writes `file`'s .br and .gz beside it when worth it (removing stale ones); the files written. */
export function precompressFile(file: string): Promise<string[]>;
/** precompressFile for every file under `dir`; the files written. */
export function precompressDir(dir: string): Promise<string[]>;
/** Compresses a webpack build's output folder once it is written. */
export class PrecompressPlugin {
  apply(compiler: unknown): void;
}
