import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { bcp47 } from '@/lib/language';
import './value-diff.css';

type Values = Record<string, unknown> | null;

/** A recorded value in the reader's words: "—" for nothing, yes/no, language names, numbers by locale. */
export function displayValue(value: unknown, t: TFunction, locale: Locale): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
  if (typeof value === 'number') return new Intl.NumberFormat(bcp47(locale)).format(value);
  if (typeof value === 'string') {
    if ((LOCALES as readonly string[]).includes(value))
      return new Intl.DisplayNames([bcp47(locale)], { type: 'language' }).of(bcp47(value as Locale)) ?? value;
    if (value === 'UTC' || value.includes('/')) return value.replace(/_/g, ' '); // time zones: "America/New_York" → "America/New York"
    return value;
  }
  return JSON.stringify(value);
}

/** Before/after values as one line per changed field: `field: old → new`. */
export function ValueDiff({ before, after }: { before: Values; after: Values }) {
  const { t } = useTranslation('admin-history');
  const locale = useLocale();
  const show = (value: unknown) => displayValue(value, t, locale);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <dl className="history-diff" aria-label={t('diff')} data-testid="history-diff">
      {keys.map((key) => {
        const old = before?.[key];
        const next = after?.[key];
        return (
          <div key={key}>
            <dt style={{ display: 'inline', fontWeight: 600 }}>{key}: </dt>
            <dd style={{ display: 'inline', margin: 0 }}>
              {before && key in before ? (
                <>
                  <del aria-label={t('before')}>{show(old)}</del>
                  {after ? ' → ' : ''}
                </>
              ) : null}
              {after && key in after ? <ins aria-label={t('after')}>{show(next)}</ins> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
