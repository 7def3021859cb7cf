import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FailedJob } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminJobsPage from './admin-jobs-page';

const job = (over: Partial<FailedJob>): FailedJob => ({
  id: '7d0c6f1e-2f1b-4d8e-9a43-5b1f6a2c9e10',
  name: 'webhooks.deliver',
  data: { deliveryId: 'd1' },
  retryCount: 4,
  error: 'connect ECONNREFUSED 10.0.0.7:443',
  createdOn: '2026-11-22T09:00:00.000Z',
  failedOn: '2026-11-22T10:00:00.000Z',
  ...over,
});

function setup(initial: FailedJob[]) {
  let listed = initial;
  const api = mockApi((url, init) => {
    const retry = /^\/api\/admin\/jobs\/failed\/([^/]+)\/retry$/.exec(url);
    if (retry && init?.method === 'POST') {
      listed = listed.filter((j) => j.id !== retry[1]);
      return json({ ok: 1, data: { id: 'new-id' } });
    }
    const discard = /^\/api\/admin\/jobs\/failed\/([^/]+)$/.exec(url);
    if (discard && init?.method === 'DELETE') {
      listed = listed.filter((j) => j.id !== discard[1]);
      return json({ ok: 1, data: { id: discard[1] } });
    }
    if (url === '/api/admin/jobs/failed') return json({ ok: 1, data: listed });
    return json({ ok: 1, data: [] });
  });
  return api;
}

describe('AdminJobsPage', () => {
  it('says so when nothing failed', async () => {
    setup([]);
    await render(<AdminJobsPage />);
    expect((await screen.findByTestId('failed-jobs-empty')).textContent).toMatch(/No failed jobs/);
  });

  it('lists each failed job with why and how often it was tried; runs one again and discards another after a confirmation', async () => {
    const { calls } = setup([job({}), job({ id: '1f1f1f1f-2f1b-4d8e-9a43-5b1f6a2c9e10', name: 'campaigns.send', retryCount: 0 })]);
    await render(<AdminJobsPage />);
    await waitFor(() => expect(screen.getAllByTestId('failed-job')).toHaveLength(2));
    expect(screen.getByTestId('failed-jobs-count').textContent).toBe('2 failed jobs.');
    const [first, second] = screen.getAllByTestId('failed-job');
    expect(within(first!).getByTestId('failed-job-error').textContent).toBe('connect ECONNREFUSED 10.0.0.7:443');
    expect(first!.textContent).toMatch(/after 5 attempts/);
    expect(second!.textContent).toMatch(/after 1 attempt\./);

    fireEvent.click(within(first!).getByTestId('failed-job-retry'));
    await waitFor(() => expect(screen.getAllByTestId('failed-job')).toHaveLength(1));
    expect(screen.getByTestId('failed-jobs-count').textContent).toBe('1 failed job.');

    fireEvent.click(screen.getByTestId('failed-job-discard'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toMatch(/campaigns\.send will not run again/);
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    expect(await screen.findByTestId('failed-jobs-empty')).toBeTruthy();
    expect(calls.filter((c) => c.init?.method && c.init.method !== 'GET').map((c) => `${c.init!.method} ${c.url}`)).toEqual([
      'POST /api/admin/jobs/failed/7d0c6f1e-2f1b-4d8e-9a43-5b1f6a2c9e10/retry',
      'DELETE /api/admin/jobs/failed/1f1f1f1f-2f1b-4d8e-9a43-5b1f6a2c9e10',
    ]);
  });
});
