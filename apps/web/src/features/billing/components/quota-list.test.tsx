import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Locale } from '@enlaza/contracts';
import { render } from '@/test/render';
import { QuotaList } from './quota-list';

const one = { profiles: 1, tags: 1, storageBytes: 50 * 1024 * 1024, sendsPerMonth: 1 };

describe('QuotaList', () => {
  it.each<[Locale, number, string[]]>([
    ['en', 1, ['1 business card', '1 smart tag', '1 email a month']],
    ['en', 5, ['5 business cards', '5 smart tags', '5 emails a month']],
    ['es', 1, ['1 tarjeta de presentación', '1 etiqueta inteligente', '1 correo al mes']],
    ['es', 2, ['2 tarjetas de presentación', '2 etiquetas inteligentes', '2 correos al mes']],
    ['jp', 1, ['1 枚の名刺', '1 個のスマートタグ', '1 通のメール（月）']],
  ])('counts each quota in the singular or the plural (%s, %i)', async (locale, n, lines) => {
    await render(<QuotaList limits={{ ...one, profiles: n, tags: n, sendsPerMonth: n }} />, { locale });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    for (const line of lines) expect(items).toContain(line);
  });
});
