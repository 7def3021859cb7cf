import { useState, type FormEvent } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuoteDiscount } from '@enlaza/contracts';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';

export type PromotionCodeProps = {
  /** The code applied now (its discount is in the quote), or none. */
  applied: string | null;
  /** The quote's discount with the applied code. */
  discount?: QuoteDiscount | null;
  /** Asks the quote again with `code`: resolves once it is applied, rejects with the server's refusal (422 on `promotionCode`). */
  apply: (code: string) => Promise<void>;
  remove: () => void;
};

/** The refusal's sentence: the one on the field, else the server's own, else the request's failure. */
function refusal(error: unknown, t: Parameters<typeof apiErrorMessage>[1]): string {
  if (error instanceof ApiError) return error.fieldErrors?.promotionCode?.[0] ?? apiErrorMessage(error, t);
  return apiErrorMessage(error, t);
}

/**
 * "Have a code?": a promotion code typed at checkout. Applying it asks the quote again with it (the
 * discount line then shows in the summary); a code the server refuses (unknown, expired, used up,
 * not for this purchase) stays in the field with the reason under it, and nothing else changes.
 */
export function PromotionCodeField({ applied, discount, apply, remove }: PromotionCodeProps) {
  const { t } = useTranslation(['billing', 'common']);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  if (applied)
    return (
      <Group justify="space-between" wrap="wrap" gap="xs" data-testid="promotion-code-applied">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="teal">
            {applied}
          </Badge>
          <Text size="sm">
            {discount
              ? discount.duration === 'repeating'
                ? t('promo.duration.repeating', { count: discount.durationInMonths ?? 0 })
                : t(`promo.duration.${discount.duration}`)
              : null}
          </Text>
        </Group>
        <Button variant="subtle" size="xs" onClick={remove} data-testid="promotion-code-remove">
          {t('promo.remove')}
        </Button>
      </Group>
    );
  if (!open)
    return (
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} data-testid="promotion-code-open">
        {t('promo.have')}
      </Anchor>
    );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('promo.empty'));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      await apply(typed.toUpperCase());
      setCode('');
      setOpen(false);
    } catch (failure) {
      setError(refusal(failure, t));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap={4}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('promo.label')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Inside the pay form: Enter applies the code, it does not pay.
            if (e.key === 'Enter') void submit(e);
          }}
          error={error}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          style={{ flex: 1 }}
          data-testid="promotion-code-input"
        />
        <Button variant="default" mt={25} onClick={() => void submit()} loading={checking} data-testid="promotion-code-apply">
          {t('promo.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
