// The design tokens' two palettes (src/styles/global.css): every colour token has a dark value, the
// dark palette is the same whether chosen or the system's, and every pair of colours the apps draw
// together meets WCAG AA in both: 4.5:1 for text, 3:1 for focus rings, stars and chart marks.
// index.html's first paint for a dark system uses the dark palette's values.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const GLOBAL_CSS = readFileSync(path.join(__dirname, '..', 'src', 'styles', 'global.css'), 'utf8');
const INDEX_HTML = readFileSync(path.join(__dirname, '..', 'public', 'index.html'), 'utf8');

type Palette = Record<string, string>;

/** The custom properties (and color-scheme) declared in the first block of `selector` inside `css`. */
function declarations(css: string, selector: string): Palette {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`global.css has no block for ${selector}`);
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  const palette: Palette = {};
  for (const match of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+|color-scheme)\s*:\s*([^;]+);/g)) {
    palette[match[1]] = match[2].trim();
  }
  return palette;
}

const mediaStart = GLOBAL_CSS.indexOf('@media (prefers-color-scheme: dark)');
const light = declarations(GLOBAL_CSS, ':root');
const dark = declarations(GLOBAL_CSS, ":root[data-theme='dark']");
const systemDark = declarations(GLOBAL_CSS.slice(mediaStart), ":root:not([data-theme='light'])");

/** A token's value as an opaque colour: #rgb or #rrggbb. */
function rgb(palette: Palette, token: string): [number, number, number] {
  const value = palette[`--color-${token}`];
  if (!value) throw new Error(`no --color-${token}`);
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`--color-${token} is not an opaque #hex colour: ${value}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: [number, number, number]): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const SURFACES = ['bg', 'surface', 'surface-muted'];
const TINTED = ['danger-surface', 'warning-surface', 'success-surface', 'info-surface'];
const TEXT = 4.5;
const GRAPHIC = 3;

/** [foreground, background, minimum]: what the apps' stylesheets draw on what. */
const PAIRS: Array<[string, string, number]> = [
  ...[...SURFACES, ...TINTED, 'primary-surface'].map((bg): [string, string, number] => ['text', bg, TEXT]),
  ...[...SURFACES, ...TINTED].map((bg): [string, string, number] => ['text-muted', bg, TEXT]),
  ...SURFACES.map((bg): [string, string, number] => ['primary', bg, TEXT]),
  ...[...SURFACES, 'primary-surface'].map((bg): [string, string, number] => ['primary-strong', bg, TEXT]),
  ['on-primary', 'primary', TEXT],
  ['on-primary', 'primary-strong', TEXT],
  ...[...SURFACES, 'danger-surface'].map((bg): [string, string, number] => ['danger', bg, TEXT]),
  ['on-danger', 'danger', TEXT],
  ...[...SURFACES, 'success-surface'].map((bg): [string, string, number] => ['success', bg, TEXT]),
  ['on-success', 'success', TEXT],
  ...['band-excellent', 'band-good', 'band-average', 'band-low'].flatMap((band) =>
    SURFACES.map((bg): [string, string, number] => [band, bg, TEXT]),
  ),
  ['band-good', 'info-surface', TEXT],
  ['band-average', 'warning-surface', TEXT],
  ['accent', 'accent-surface', TEXT],
  ...SURFACES.map((bg): [string, string, number] => ['star', bg, GRAPHIC]),
  ...SURFACES.map((bg): [string, string, number] => ['focus', bg, GRAPHIC]),
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s palette', (_name, palette) => {
  test.each(PAIRS)('%s on %s: at least %s:1', (fg, bg, minimum) => {
    expect(contrast(rgb(palette, fg), rgb(palette, bg))).toBeGreaterThanOrEqual(minimum);
  });
});

describe('the dark palette', () => {
  const themed = (palette: Palette) => Object.keys(palette).filter((name) => /^--(color|shadow)-/.test(name) || name === 'color-scheme');

  test('gives every colour and shadow token a dark value', () => {
    expect(themed(light).length).toBeGreaterThan(20);
    expect(themed(dark).sort()).toEqual(themed(light).sort());
    expect(light['color-scheme']).toBe('light');
    expect(dark['color-scheme']).toBe('dark');
  });

  test('is the same chosen (data-theme) as from the system (prefers-color-scheme) while nothing is chosen', () => {
    expect(mediaStart).toBeGreaterThan(0);
    expect(systemDark).toEqual(dark);
  });

  test("index.html's first paint for a dark system uses only the dark palette's colours", () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(INDEX_HTML)?.[1] ?? '';
    expect(style).toContain('@media (prefers-color-scheme: dark)');
    const colours = [...style.matchAll(/#[0-9a-f]{3,8}\b/gi)].map((m) => m[0].toLowerCase());
    expect(colours.length).toBeGreaterThan(3);
    const darkValues = new Set(Object.values(dark).map((v) => v.toLowerCase()));
    expect(colours.filter((colour) => !darkValues.has(colour))).toEqual([]);
    expect(INDEX_HTML).toMatch(/<meta name="color-scheme" content="light dark"/);
  });
});
