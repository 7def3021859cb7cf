import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown> | null;

function show(value: unknown): string {
  if (value === undefined) return '∅';
  if (value === null) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before/after values as one line per changed field: `field: old → new`. */
export function ValueDiff({ before, after }: { before: Values; after: Values }) {
  const { t } = useTranslation('admin-history');
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
