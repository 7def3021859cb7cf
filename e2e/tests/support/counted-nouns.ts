import type { Page } from '@playwright/test';

/**
 * Words ending in s after a "1" that are no plural noun: English verbs and singulars, and Spanish
 * singulars ("1 mes", "1 país"). Anything else ending in s after a lone 1 is taken as a count said
 * with the plural noun ("1 business cards", "1 of 1 recipients done", "1 tarjetas").
 */
const NOT_PLURAL = new Set([
  'is',
  'was',
  'has',
  'this',
  'its',
  'plus',
  'yes',
  'us',
  'as',
  'status',
  'bonus',
  'news',
  'series',
  'mes',
  'país',
  'más',
  'vez',
  'análisis',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
]);

/** Nouns the product puts before the counted noun ("1 business card", "1 access token"). */
const NOUNS_BEFORE_NOUNS = new Set(['business', 'access', 'email', 'team', 'contact', 'credit', 'wall', 'lost', 'sending', 'custom']);

/**
 * Every count of one said with a plural noun in the page's visible text (its body's `innerText`):
 * a "1" or a full-width "１" standing alone (no digit, letter, decimal mark, colon, slash or sign
 * before it), optionally "of 1" or "de 1" after it, then a word ending in s that is not in
 * NOT_PLURAL (or a noun before one, NOUNS_BEFORE_NOUNS, then such a word). Japanese nouns have no
 * plural; a Latin plural after "１" is caught all the same.
 */
export async function countsOfOneWithPluralNouns(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  const count = /(?<![\p{L}\p{N}.,:/+-])[1１](?: (?:of|de) [1１])? (\p{L}+)(?: (\p{L}+))?/gu;
  const plural = (word: string) => word.endsWith('s') && !word.endsWith('ss') && !NOT_PLURAL.has(word);
  for (const match of text.matchAll(count)) {
    const [first, second = ''] = [match[1]!.toLowerCase(), match[2]?.toLowerCase()];
    if (plural(first) || (NOUNS_BEFORE_NOUNS.has(first) && plural(second))) found.push(match[0]);
  }
  return found;
}
