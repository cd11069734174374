// tsc does not copy stylesheets: copy every src/**/*.css next to its compiled module, in dist/ (CommonJS)
// and in dist/esm/ (the ES-module build bundlers use).
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const builds = [join(root, 'dist'), join(root, 'dist', 'esm')];

function* cssFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* cssFiles(full);
    else if (entry.name.endsWith('.css')) yield full;
  }
}

let copied = 0;
for (const file of cssFiles(src)) {
  for (const dist of builds) {
    const target = join(dist, relative(src, file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
    copied++;
  }
}
console.log(`copy-css: ${copied} stylesheet(s) copied to dist/ and dist/esm/`);
