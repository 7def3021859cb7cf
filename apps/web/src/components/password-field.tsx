import { useState, type ComponentProps } from 'react';
import { TextInput, UnstyledButton } from '@mantine/core';
import { LineIcon } from '@/components/line-icon';

type PasswordFieldProps = Omit<ComponentProps<typeof TextInput>, 'type' | 'rightSection'> & {
  /** Accessible name of the show/hide button. */
  toggleLabel: string;
};

/** A password input with a show/hide button (lighter than Mantine's PasswordInput on the login page). */
export function PasswordField({ toggleLabel, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionWidth={40}
      rightSection={
        <UnstyledButton
          className="password-toggle"
          aria-label={toggleLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <LineIcon>
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M3 3l18 18" />}
          </LineIcon>
        </UnstyledButton>
      }
    />
  );
}
