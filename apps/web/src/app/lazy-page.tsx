import { createElement, useState, type ComponentType } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '@/lib/i18n';

/** Spec §9: loading a page's code is limited to 120 seconds. */
export const PAGE_LOAD_LIMIT_MS = 120_000;

export type PageModule = { default: ComponentType };
export type PageImporter = () => Promise<PageModule>;

export class PageLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Page code did not load within ${ms} ms`);
    this.name = 'PageLoadTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageLoadTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface LazyPageOptions {
  /** Translation namespaces the page uses; they load with its code. */
  namespaces?: readonly string[];
  limitMs?: number;
}

/** The page's code and its translations, within the time limit. */
function loadPage(importer: PageImporter, namespaces: readonly string[], limitMs: number): Promise<PageModule> {
  return withTimeout(
    Promise.all([importer(), loadNamespaces(namespaces)]).then(([module]) => module),
    limitMs,
  );
}

/**
 * A `route.lazy` for a page. It never rejects: React Router caches a rejected lazy() for good,
 * so a failure resolves to an error screen whose Retry runs the import again.
 */
export function lazyPage(importer: PageImporter, { namespaces = [], limitMs = PAGE_LOAD_LIMIT_MS }: LazyPageOptions = {}) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await loadPage(importer, namespaces, limitMs);
      return { Component: module.default };
    } catch (error) {
      console.error('Page code failed to load', error);
      // Once a retry succeeds, later visits of the route render the page directly.
      let recovered: ComponentType | null = null;
      const load = () =>
        loadPage(importer, namespaces, limitMs).then((module) => {
          recovered = module.default;
          return module;
        });
      return {
        Component: function RetryablePage() {
          return recovered ? createElement(recovered) : <RetryablePageLoader load={load} />;
        },
      };
    }
  };
}

type LoadState = { status: 'failed' } | { status: 'loading' } | { status: 'ready'; Page: ComponentType };

function RetryablePageLoader({ load }: { load: () => Promise<PageModule> }) {
  const [state, setState] = useState<LoadState>({ status: 'failed' });

  const retry = () => {
    setState({ status: 'loading' });
    load().then(
      (module) => setState({ status: 'ready', Page: module.default }),
      (error: unknown) => {
        console.error('Page code failed to load again', error);
        setState({ status: 'failed' });
      },
    );
  };

  if (state.status === 'ready') return <state.Page />;
  return <RouteLoadError loading={state.status === 'loading'} onRetry={retry} />;
}

export function RouteLoadError({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center" role="alert" data-testid="route-load-error">
        <Title order={1} size="h2">
          {t('routeLoadError.title')}
        </Title>
        <Text c="dimmed">{t('routeLoadError.body')}</Text>
        <Button onClick={onRetry} loading={loading} data-testid="route-load-retry">
          {t('actions.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
