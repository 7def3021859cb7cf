import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { completePluralForms } from './plural-forms';

describe('completePluralForms', () => {
  it('adds the forms a language can ask for, from the other form, keeping the ones written', () => {
    expect(completePluralForms({ files_one: '{{count}} archivo', files_other: '{{count}} archivos', plain: 'x' }, 'es')).toEqual({
      files_one: '{{count}} archivo',
      files_many: '{{count}} archivos',
      files_other: '{{count}} archivos',
      plain: 'x',
    });
    expect(completePluralForms({ group: { n_one: 'a', n_other: 'b', n_many: 'c' } }, 'es')).toEqual({
      group: { n_one: 'a', n_other: 'b', n_many: 'c' },
    });
    expect(completePluralForms({ n_one: 'a', n_other: 'b' }, 'en')).toEqual({ n_one: 'a', n_other: 'b' });
  });

  it('lets Spanish count a million in Spanish', async () => {
    const bundle = { files_one: '{{count}} archivo', files_other: '{{count}} archivos' };
    const plain = i18next.createInstance();
    await plain.init({ lng: 'es', resources: { es: { translation: bundle } } });
    // What i18next does with the files as written: no Spanish text for a whole million.
    expect(plain.t('files', { count: 1_000_000 })).toBe('files');
    const completed = i18next.createInstance();
    await completed.init({ lng: 'es', resources: { es: { translation: completePluralForms(bundle, 'es') } } });
    expect([1, 5, 1_000_000, 2_000_000].map((count) => completed.t('files', { count }))).toEqual([
      '1 archivo',
      '5 archivos',
      '1000000 archivos',
      '2000000 archivos',
    ]);
  });
});
