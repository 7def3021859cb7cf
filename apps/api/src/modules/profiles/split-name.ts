/** Lower-case words that start a family name ("Juan de la Cruz", "Ludwig van Beethoven"). */
const PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'van',
  'von',
  'der',
  'den',
  'du',
  'le',
  'y',
  'e',
  'bin',
  'ibn',
  'al',
]);

/**
 * Splits the full name typed at registration into given and family names for the first card.
 *
 * The rule, in order:
 * - one word ("Cher") is a given name only;
 * - a family name starting with a particle keeps it ("Juan de la Cruz" → "Juan" + "de la Cruz");
 * - two or three words: the last word is the family name ("María José Núñez" → "María José" + "Núñez",
 *   "Jean-Luc Picard" → "Jean-Luc" + "Picard"; hyphenated words stay one word);
 * - four words or more: the last two are the family names, as in Spanish and Portuguese names
 *   ("María José Núñez García" → "María José" + "Núñez García").
 * The owner can always correct both in the card editor.
 */
export function splitFullName(full: string): { firstName: string; lastName: string | null } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: null };
  // The first word is always a given name; a particle after it opens the family name.
  const particle = words.findIndex((word, i) => i > 0 && i < words.length - 1 && PARTICLES.has(word.toLowerCase()));
  const familyWords = particle > 0 ? words.length - particle : words.length >= 4 ? 2 : 1;
  return { firstName: words.slice(0, words.length - familyWords).join(' '), lastName: words.slice(words.length - familyWords).join(' ') };
}
