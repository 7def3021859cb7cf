import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AliasFeedback } from '@/lib/alias-rules';
import { publicHost } from '@/lib/public-url';

interface AliasFieldProps {
  value: string;
  onChange: (alias: string) => void;
  feedback: AliasFeedback;
  /** A server or form error, shown instead of the live feedback. */
  error?: string;
  /** The contract's marks (useContractForm's field props). */
  required: boolean;
  maxLength?: number;
  'data-path'?: string;
  /** The field's label and hint when it is not an account's alias (a team's); the hint gets `{{url}}`. */
  label?: string;
  hint?: (url: string) => string;
  /** Prefix of the test ids (`<testId>`, `<testId>-available`, `<testId>-suggestion`). */
  testId?: string;
}

/**
 * A public alias (an account's or a team's: one namespace) with live feedback (valid, free) and the
 * suggestion as a one-click fix. Its words are the `register` namespace's.
 */
export function AliasField({
  value,
  onChange,
  feedback,
  error,
  required,
  maxLength,
  'data-path': dataPath,
  label,
  hint,
  testId = 'register-alias',
}: AliasFieldProps) {
  const { t } = useTranslation('register');
  const url = `${publicHost()}/link/${value || '…'}`;
  const suggestion = feedback.state === 'invalid' || feedback.state === 'taken' ? feedback.suggestion : null;
  const problem = error ?? (feedback.state === 'taken' ? t('alias.taken') : feedback.state === 'invalid' ? t('alias.invalid') : undefined);

  return (
    <div>
      <TextInput
        label={label ?? t('fields.alias')}
        description={hint ? hint(url) : t('alias.hint', { url })}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={problem}
        required={required}
        maxLength={maxLength}
        data-path={dataPath}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        rightSection={
          feedback.state === 'checking' ? <Loader size={16} aria-hidden /> : feedback.state === 'available' ? <CheckIcon /> : null
        }
        data-testid={testId}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      <div aria-live="polite">
        {feedback.state === 'checking' ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t('alias.checking')}
          </Text>
        ) : null}
        {feedback.state === 'available' && !error ? (
          <Text size="xs" c="teal" mt={4} data-testid={`${testId}-available`}>
            {t('alias.available')}
          </Text>
        ) : null}
        {suggestion ? (
          <Group gap="xs" mt={6} wrap="wrap">
            <Text size="xs">{t('alias.suggestion')}</Text>
            <Button size="compact-xs" variant="light" onClick={() => onChange(suggestion)} data-testid={`${testId}-suggestion`}>
              {t('alias.useSuggestion', { alias: suggestion })}
            </Button>
          </Group>
        ) : null}
      </div>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="var(--mantine-color-teal-filled)"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}
