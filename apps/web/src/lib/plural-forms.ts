import type { ResourceKey } from 'i18next';

/**
 * Gives every plural key of a translation bundle each form the language's plural rules can ask for,
 * copying its `_other` text where the file has none. Spanish has a third form for whole millions
 * ("many": 1,000,000, 2,000,000…) that the files do not write (it reads like "other"); without this,
 * i18next would find no Spanish text for a million and show the English one. The rules are the ones
 * i18next uses: `Intl.PluralRules` of the language code as given.
 */
export function completePluralForms(bundle: ResourceKey, language: string): ResourceKey {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const complete = (node: unknown): unknown => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) out[key] = complete(value);
    for (const [key, value] of Object.entries(out)) {
      if (!key.endsWith('_other') || typeof value !== 'string') continue;
      const base = key.slice(0, -'_other'.length);
      for (const category of categories) out[`${base}_${category}`] ??= value;
    }
    return out;
  };
  return complete(bundle) as ResourceKey;
}
