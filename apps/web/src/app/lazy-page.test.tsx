import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { render } from '@/test/render';
import { lazyPage, PageLoadTimeoutError, withTimeout, type PageModule } from './lazy-page';

const Page = () => <p>loaded page</p>;

describe('lazyPage', () => {
  it('resolves to the page component', async () => {
    const route = await lazyPage(() => Promise.resolve({ default: Page }))();
    expect(route.Component).toBe(Page);
  });

  it('gives up after the time limit', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const race = withTimeout(never, 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(race).rejects.toBeInstanceOf(PageLoadTimeoutError);
    vi.useRealTimers();
  });

  it('shows a retry screen on failure, and Retry imports again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const importer = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Page });
    const { Component } = await lazyPage(importer)();
    await render(<Component />);
    expect(screen.getByTestId('route-load-error')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
      await Promise.resolve();
    });
    expect(await screen.findByText('loaded page')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
