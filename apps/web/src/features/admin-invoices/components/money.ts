import type { Locale } from '@enlaza/contracts';
import { bcp47 } from '@/lib/language';

/** Integer cents as money in the viewer's language (e.g. "10,89 €" in Spanish). */
export function formatCents(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(bcp47(locale), { style: 'currency', currency }).format(cents / 100);
}
