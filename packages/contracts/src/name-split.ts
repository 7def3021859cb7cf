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
  'bin',
  'ibn',
  'al',
]);

/** Words that join two family names ("Ortega y Gasset"): inside the family names, never their start. */
const JOINERS = new Set(['y', 'e', 'i']);

/**
 * Given names usually written as two words: with a third word, "María José Núñez" is more likely
 * one given name and one family name than the other way round, so the split is only a guess.
 */
const SECOND_GIVEN_NAMES = new Set([
  'josé',
  'jose',
  'maría',
  'maria',
  'luis',
  'carlos',
  'antonio',
  'manuel',
  'ángel',
  'angel',
  'jesús',
  'jesus',
  'pablo',
  'javier',
  'isabel',
  'teresa',
  'luisa',
  'elena',
  'carmen',
  'pilar',
  'dolores',
  'ángeles',
  'eugenia',
  'fernanda',
  'ignacio',
  'ramón',
  'ramon',
  'miguel',
  'andrés',
  'andres',
  'victoria',
  'belén',
  'belen',
  'cristina',
  'inés',
  'ines',
  'paz',
  'rosa',
  'mar',
  'sol',
]);

export type NameSplit = {
  firstName: string;
  lastName: string | null;
  /** True when another split is as plausible (a two-word given name, a second given or family name): worth showing the person to check. */
  ambiguous: boolean;
};

const lower = (word: string) => word.toLocaleLowerCase('es');

/**
 * Splits a full name into given and family names, as Spanish speakers write them: given names, then
 * two family names (the father's and the mother's), either of which may start with a particle
 * ("de", "del", "de la", "de los") or be joined by "y" ("Ortega y Gasset").
 *
 * The rule, in order:
 * - one word ("Cher") is a given name only; two words are a given and a family name;
 * - a particle after the first word opens the family names ("Juan de la Cruz" → "Juan" + "de la Cruz");
 *   a later one opens the second, the word before it being the first ("Lucía Fernández de la Vega" →
 *   "Lucía" + "Fernández de la Vega"; but "María José de la Cruz" → "María José" + "de la Cruz");
 * - otherwise the last two words are the two family names ("Lucía Fernández Ruiz" → "Lucía" +
 *   "Fernández Ruiz", "María José Núñez García" → "María José" + "Núñez García"), a "y" between two
 *   words keeping them together ("José Ortega y Gasset" → "José" + "Ortega y Gasset");
 * - except three words whose second is a usual second given name ("María José Núñez" →
 *   "María José" + "Núñez").
 * Three words are ambiguous (one family name or two), and so is any split of a two-word given name:
 * the form that shows the split lets the person check it; the card editor can always correct it.
 */
export function splitFullName(full: string): NameSplit {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: null, ambiguous: false };
  const split = (familyWords: number, ambiguous: boolean): NameSplit => ({
    firstName: words.slice(0, words.length - familyWords).join(' '),
    lastName: words.slice(words.length - familyWords).join(' '),
    ambiguous,
  });
  if (words.length === 2) return split(1, false);
  // The first word is always a given name; a particle after it opens the family names.
  const particle = words.findIndex((word, i) => i > 0 && i < words.length - 1 && PARTICLES.has(lower(word)));
  if (particle > 0) {
    // "Fernández de la Vega": the word before a later particle is the first family name, unless it is a usual second given name.
    const start = particle > 1 && !(particle === 2 && SECOND_GIVEN_NAMES.has(lower(words[1]!))) ? particle - 1 : particle;
    return split(words.length - start, start > 1 || particle === 2);
  }
  // "Ortega y Gasset": the joiner and the words either side of it are the family names.
  const joiner = words.findIndex((word, i) => i > 1 && i < words.length - 1 && JOINERS.has(lower(word)));
  if (joiner > 0) return split(words.length - (joiner - 1), joiner - 1 > 1);
  if (words.length === 3 && SECOND_GIVEN_NAMES.has(lower(words[1]!))) return split(1, true);
  return split(2, words.length === 3);
}

/**
 * The other ways `full` may split into given and family names, to offer when `splitFullName`'s is a
 * guess (`ambiguous`): every cut between two words but the guess, except one that would end the given
 * names on a particle ("Juan de | la Cruz") or start the family names on a joiner ("Ortega | y Gasset").
 */
export function otherNameSplits(full: string): { firstName: string; lastName: string }[] {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const guess = splitFullName(full);
  const splits: { firstName: string; lastName: string }[] = [];
  for (let cut = 1; cut < words.length; cut++) {
    if (PARTICLES.has(lower(words[cut - 1]!)) || JOINERS.has(lower(words[cut]!))) continue;
    const split = { firstName: words.slice(0, cut).join(' '), lastName: words.slice(cut).join(' ') };
    if (split.firstName !== guess.firstName) splits.push(split);
  }
  return splits;
}
