import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  i18n: I18n;
  /** Mantine's `test` environment (no transitions, no portals): the unit tests' render helper sets it. */
  env?: 'default' | 'test';
}

/** Root providers. The query cache is provided by the signed-in shells (see lib/query-client). */
export function AppProviders({ children, i18n, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={env}>
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
