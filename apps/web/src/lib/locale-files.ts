/** One translation file of a language and namespace: where it was read, and its texts. */
export type LocaleFile = { path: string; texts: Record<string, unknown> };

/**
 * A namespace's texts from its files: the SPA's own (`src/locales`) and the ones it shares with the
 * server-rendered sign-in and registration pages (`packages/contracts/src/locales`). Each top-level
 * key lives in one file only, so a key added on one side while the other still has it fails here
 * (in the build and in the tests) rather than one copy silently winning.
 */
export function mergeLocaleFiles(files: readonly LocaleFile[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const source = new Map<string, string>();
  for (const { path, texts } of files) {
    for (const [key, value] of Object.entries(texts)) {
      const first = source.get(key);
      if (first !== undefined) throw new Error(`translation key "${key}" is in both ${first} and ${path}: keep it in one of them`);
      source.set(key, path);
      merged[key] = value;
    }
  }
  return merged;
}
