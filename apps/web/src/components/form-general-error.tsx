import { Alert } from '@mantine/core';

/**
 * The error of a form that belongs to no field (no connection, a refusal of the whole request),
 * announced to screen readers; nothing when there is none. Field errors sit on their fields.
 */
export function FormGeneralError({ error, title, testId }: { error: string | null | undefined; title?: string; testId?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title} data-testid={testId}>
      {error}
    </Alert>
  );
}
