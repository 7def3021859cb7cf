import { useId, type ChangeEvent, type Ref } from 'react';
import { Input, type MantineStyleProp } from '@mantine/core';

export interface SelectFieldOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  description?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  data: readonly SelectFieldOption[];
  required?: boolean;
  maw?: number;
  style?: MantineStyleProp;
  ref?: Ref<HTMLSelectElement>;
  'data-testid'?: string;
}

/**
 * A labelled native select (keyboard and screen-reader friendly everywhere, one `selectOption`
 * in tests), built from the Input pieces the login page already loads rather than NativeSelect,
 * which would split a shared chunk off the login page's bundle.
 */
export function SelectField({
  label,
  description,
  error,
  value,
  onChange,
  data,
  required,
  maw,
  style,
  ref,
  'data-testid': testId,
}: SelectFieldProps) {
  const id = useId();
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      id={id}
      maw={maw}
      style={style}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Input
        component="select"
        ref={ref}
        id={id}
        value={value}
        error={Boolean(error)}
        required={required}
        aria-describedby={error ? `${id}-error` : description ? `${id}-description` : undefined}
        pointer
        rightSection={
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="m6 9 6 6 6-6" />
          </svg>
        }
        rightSectionPointerEvents="none"
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
        data-testid={testId}
      >
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}
