import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from '../helpers/prometheus-text.js';

// The reader the metrics tests check the endpoint with: it must refuse what the format refuses.
describe('the Prometheus text reader of the tests', () => {
  const good = [
    '# HELP a_total Things, with a \\\\ and a \\n in the help',
    '# TYPE a_total counter',
    'a_total{outcome="sent",note="say \\"hi\\"\\n"} 3',
    'a_total{outcome="logged"} 1 1700000000000',
    '# TYPE h histogram',
    'h_bucket{le="0.1"} 1',
    'h_bucket{le="+Inf"} 2',
    'h_sum 0.3',
    'h_count 2',
    '# TYPE g gauge',
    'g Nan',
    '',
  ].join('\n');

  it('reads families, labels with escapes, timestamps, histograms and NaN', () => {
    const families = parsePrometheusText(good);
    expect(sampleValue(families, 'a_total', { outcome: 'sent' })).toBe(3);
    expect(families.get('a_total')!.samples[0]!.labels.note).toBe('say "hi"\n');
    expect(families.get('h')!.samples).toHaveLength(4);
    expect(sampleValue(families, 'g')).toBeNaN();
  });

  it.each([
    ['no final line feed', good.trimEnd()],
    ['a value that is not a number', good.replace('a_total{outcome="logged"} 1', 'a_total{outcome="logged"} one')],
    ['an unquoted label value', good.replace('outcome="logged"', 'outcome=logged')],
    ['a bad escape', good.replace('\\"hi\\"', '\\hi')],
    ['the same series twice', good.replace('outcome="logged"', 'outcome="sent",note="say \\"hi\\"\\n"')],
    ['a TYPE after its samples', `${good}# TYPE g gauge\n`],
    ['an unknown type', good.replace('# TYPE g gauge', '# TYPE g thing')],
    ['a histogram without its +Inf bucket', good.replace('h_bucket{le="+Inf"} 2\n', '')],
    ['buckets that go down', good.replace('h_bucket{le="0.1"} 1', 'h_bucket{le="0.1"} 3')],
    ['a bad metric name', good.replace('g Nan', '1g Nan')],
    ['no value', good.replace('h_sum 0.3', 'h_sum')],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
