/**
 * One spelling per email address (DESIGN.md §9: "Emails are normalised (NFKC, one case fold on both
 * sides; invisible and mixed-script addresses refused)").
 *
 * - `normalizeEmail`: what is stored and shown: Unicode NFKC, trimmed, so a fullwidth 'ａ', the
 *   decomposed 'e\u0301' and a ligature 'ﬀ' are stored as 'a', 'é' and 'ff'.
 * - `emailKey`: what makes two addresses the same account: the normalised form case-folded, computed
 *   here in JavaScript and nowhere else, both when an address is stored (users.email_key) and when one
 *   is looked up, so the two sides can never fold differently (as JavaScript's toLowerCase and
 *   PostgreSQL's lower() did: 'İnci' registered, then never matched at sign-in).
 * - `isConfusableEmail`: an address made to look like another: an invisible or formatting character
 *   anywhere, or letters of two alphabets in the local part or in one label of the domain.
 *
 * Deterministic for a given Unicode version; Unicode's stability policies keep NFKC and case mappings
 * of assigned characters fixed, and unassigned characters are refused (as invisible), so a stored key
 * never needs recomputing when the runtime's Unicode version grows.
 */

/**
 * NFKC-normalised and trimmed: the form an address is stored and shown in. Trimmed after NFKC too, as
 * NFKC writes some characters with a leading space ('¸' is ' ' and a combining cedilla).
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * Full case folding of the normalised form: lower, upper, lower (then NFKC again, as folding can
 * decompose). For every assigned character this gives the same key to strings that Unicode's full
 * case folding (CaseFolding.txt, C+F) makes equal — 'ß', 'ẞ', 'SS' and 'ss'; 'ς' and 'σ'; 'İ' and
 * 'i\u0307' — which toLowerCase alone does not; it also folds the dotless 'ı' and the long 'ſ' into
 * 'i' and 's' (coarser, never finer).
 */
export function emailKey(raw: string): string {
  return normalizeEmail(raw).toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * Characters that do not show as themselves: controls, format characters (zero-width space and
 * joiners, bidi marks, overrides and isolates, the BOM), default-ignorable ones (soft hyphen,
 * variation selectors, Hangul fillers, tags), private-use, surrogate and unassigned code points.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}]/u;

/** Characters of no one alphabet: digits, punctuation ('.', '-', '+', '_', '@'), combining marks. */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Printable ASCII only: nothing to check. */
const PLAIN_ASCII = /^[\x21-\x7e]*$/;

/**
 * Every Unicode script (Script property short names, ISO 15924) but Common, Inherited and Unknown,
 * up to Unicode 17. A name the JavaScript engine does not know yet is skipped; its characters then
 * count as one unnamed script of their own.
 */
const SCRIPTS = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd ' +
  'Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi ' +
  'Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng ' +
  'Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana Laoo Latn Lepc Limb ' +
  'Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym Modi Mong Mroo Mtei ' +
  'Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge Osma Ougr Palm Pauc ' +
  'Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind ' +
  'Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng ' +
  'Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

/**
 * Scripts written together (UTS #39 "Highly Restrictive"): Japanese (Han, Hiragana, Katakana),
 * Chinese with Bopomofo, Korean (Han and Hangul), each with Latin.
 */
const WRITTEN_TOGETHER = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
];

const scriptPatterns = new Map<string, RegExp | null>();
function scriptPattern(script: string): RegExp | null {
  let pattern = scriptPatterns.get(script);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(`\\p{sc=${script}}`, 'u');
    } catch {
      pattern = null; // an engine older than this script
    }
    scriptPatterns.set(script, pattern);
  }
  return pattern;
}

/** The script of one character that is not NEUTRAL; `seen` (the scripts met so far) is tried first. */
function scriptOf(ch: string, seen: Set<string>): string {
  for (const script of seen) if (scriptPattern(script)?.test(ch)) return script;
  for (const script of SCRIPTS) if (scriptPattern(script)?.test(ch)) return script;
  return '?';
}

/** Letters of more than one script in `text`, other than a combination written together. */
function mixesScripts(text: string): boolean {
  const scripts = new Set<string>();
  for (const ch of text) if (!NEUTRAL.test(ch)) scripts.add(scriptOf(ch, scripts));
  if (scripts.size <= 1) return false;
  return !WRITTEN_TOGETHER.some((together) => [...scripts].every((script) => together.includes(script)));
}

/**
 * True when the address, once trimmed, holds an invisible or formatting character (checked before
 * and after NFKC), or when its NFKC form mixes scripts within the local part or within one label of
 * the domain (digits and punctuation belong to no script). 'аdmin@example.com' with a Cyrillic 'а',
 * 'ad\u200bmin@example.com' and 'admin@еxample.com' are; 'иван@пример.рф', 'ivan@пример.рф' and
 * '田中たろう@example.jp' are not. Any string is accepted (a non-address is simply checked as a whole).
 */
export function isConfusableEmail(raw: string): boolean {
  const text = raw.trim();
  if (PLAIN_ASCII.test(text)) return false;
  if (INVISIBLE.test(text)) return true;
  const normalized = text.normalize('NFKC');
  if (INVISIBLE.test(normalized)) return true;
  const at = normalized.lastIndexOf('@');
  const parts = at < 0 ? [normalized] : [normalized.slice(0, at), ...normalized.slice(at + 1).split('.')];
  return parts.some(mixesScripts);
}
