import { cardFieldsSchema, tagFieldsSchema } from '@enlaza/contracts';
import type { z } from 'zod';

/**
 * Kind-specific fields as stored (JSON), read back through the contracts. A row written before a
 * rule tightened, or a card created from a long account name, falls back to what is valid instead
 * of failing the whole page.
 */
export function storedCard(name: string, stored: Record<string, unknown> | null): z.infer<typeof cardFieldsSchema> {
  const firstName = (typeof stored?.firstName === 'string' ? stored.firstName : name).slice(0, 80) || 'Card';
  const parsed = cardFieldsSchema.safeParse({ ...(stored ?? {}), firstName });
  return parsed.success ? parsed.data : cardFieldsSchema.parse({ firstName });
}

export function storedTag(name: string, stored: Record<string, unknown> | null): z.infer<typeof tagFieldsSchema> {
  const fallback = { tagKind: 'other', name: (typeof stored?.name === 'string' ? stored.name : name).slice(0, 80) || 'Tag' };
  const parsed = tagFieldsSchema.safeParse({ ...(stored ?? {}), ...fallback, tagKind: stored?.tagKind ?? 'other' });
  return parsed.success ? parsed.data : tagFieldsSchema.parse(fallback);
}
