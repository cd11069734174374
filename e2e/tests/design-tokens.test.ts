/**
 * Colours come from the design tokens only (DESIGN.md §5): the shell's styles/global.css holds every
 * colour value, in a light and a dark palette; the apps' stylesheets and components name tokens
 * (`var(--color-…)`), never a colour of their own, so both themes reach every screen.
 * (Reads the source files; no browser.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/site';

const SOURCE_FOLDERS = [
  'shell/src',
  'mf-auth/src',
  'mf-stores/src',
  'mf-admin/src',
  'mf-owner/src',
  'mf-customer/src',
  'shared-contracts/src',
];
const TOKENS_FILE = 'shell/src/styles/global.css';
/**
 * The harness that runs one remote alone in development (no shell, so no tokens): its own header's
 * grey border is the one colour outside the tokens, and no page of the site shows it.
 */
const DEVELOPMENT_ONLY = new Set(['shared-contracts/src/standalone/StandaloneHarness.tsx']);

function filesUnder(folder: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(relative, pattern));
    else if (pattern.test(entry.name)) found.push(relative);
  }
  return found;
}

/** A colour written out: hex, rgb(a), hsl(a). */
const COLOUR = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(/i;

/** Each line of `file` with a colour written out (comments aside), as `file:line: text`. */
function colourLiterals(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return text.split('\n').flatMap((line, index) => (COLOUR.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

const stylesheets = SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder, /\.css$/));
const components = SOURCE_FOLDERS.flatMap((folder) => filesUnder(folder, /\.tsx?$/));

test('the stylesheets are found (every app has some)', () => {
  expect(stylesheets).toContain(TOKENS_FILE);
  for (const folder of SOURCE_FOLDERS) expect(stylesheets.some((file) => file.startsWith(`${folder}/`))).toBe(true);
});

test('no stylesheet but the tokens file writes a colour: every colour is a token', () => {
  expect(stylesheets.filter((file) => file !== TOKENS_FILE).flatMap(colourLiterals)).toEqual([]);
});

test('no component writes a colour into its markup (inline styles, SVG fill and stroke)', () => {
  expect(components.filter((file) => !DEVELOPMENT_ONLY.has(file)).flatMap(colourLiterals)).toEqual([]);
});

test('the tokens file has a dark palette beside the light one', () => {
  const css = readFileSync(path.join(REPO_ROOT, TOKENS_FILE), 'utf8');
  expect(css).toContain(":root[data-theme='dark'] {");
  expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme='light'\]\) \{/);
});
