import type { ReactElement, ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import i18next from 'i18next';
import { render as renderInDom, renderHook as renderHookInDom, type RenderHookResult, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Locale } from '@enlaza/contracts';
import { AppProviders } from '@/app/providers';
import { changeLanguage, initI18n, loadNamespaces, NAMESPACES } from '@/lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language';

/**
 * The one way a test renders React (`tests-render-through-one-helper.test.ts` keeps it so): the
 * app's own providers (its Mantine theme, in Mantine's test mode: no transitions, no portals, so a
 * dialog is there at once and inside the rendered tree), a query cache of the test's own that never
 * retries, every translation of the language loaded before the first render, and a memory router
 * when asked.
 */
export interface RenderOptions {
  /** The language the screen is shown in: English unless given. */
  locale?: Locale;
  /** Renders inside a memory router opened at this address (`path`, or `/`, unless given)… */
  route?: string;
  /** …where the screen is the route of this path (`*` unless given)… */
  path?: string;
  /** …next to these other routes (where a link or a redirect leads). */
  routes?: RouteObject[];
  /** The query cache, when the test reads or seeds it; otherwise a fresh one. */
  queryClient?: QueryClient;
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export type Rendered = RenderResult & {
  queryClient: QueryClient;
  /** The memory router (only when `route`, `path` or `routes` asked for one). */
  router: MemoryRouter;
};

/** A query cache that fails at once (no retries) and is emptied when the test ends. */
export function createTestQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  onTestFinished(() => client.clear());
  return client;
}

/**
 * Shows the app in `locale` with every namespace loaded, not only those the screen declares: the
 * files of a worker share their modules, so a namespace another file loaded would otherwise be there
 * or not depending on the order the files ran in. The switch is not written to the browser's storage.
 */
async function showTranslations(locale: Locale = 'en'): Promise<void> {
  await initI18n(locale);
  await loadNamespaces(NAMESPACES);
  if (i18next.language === locale) return;
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  await changeLanguage(locale);
  if (stored === null) window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  else window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
}

function providers(queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <AppProviders i18n={i18next} env="test">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppProviders>
    );
  };
}

/** Renders `ui` as the app would show it (see RenderOptions). `rerender` keeps the providers. */
export async function render(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  await showTranslations(options.locale);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const wantsRouter = options.route !== undefined || options.path !== undefined || options.routes !== undefined;
  const router = wantsRouter
    ? createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])], {
        initialEntries: [options.route ?? options.path ?? '/'],
      })
    : undefined;
  const view = renderInDom(router ? <RouterProvider router={router} /> : ui, { wrapper: providers(queryClient) });
  // Not enumerable, so that `{ ...view }` copies the rest without asking for a router there is none of.
  return Object.defineProperty({ ...view, queryClient }, 'router', {
    get(): MemoryRouter {
      if (!router) throw new Error('rendered without a router: give render() a route, a path or routes');
      return router;
    },
  }) as Rendered;
}

export interface RenderHookOptions<Props> extends Pick<RenderOptions, 'locale' | 'queryClient'> {
  initialProps?: Props;
}

/** Runs a hook inside the same providers as `render`. */
export async function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options: RenderHookOptions<Props> = {},
): Promise<RenderHookResult<Result, Props> & { queryClient: QueryClient }> {
  await showTranslations(options.locale);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const view = renderHookInDom(hook, { initialProps: options.initialProps, wrapper: providers(queryClient) });
  return { ...view, queryClient };
}
