import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import type { Campaign } from '@enlaza/contracts';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { CampaignForm } from './campaign-form';

const calls = vi.hoisted(() => ({ save: [] as unknown[], start: [] as unknown[] }));
const saved = { id: 'c1', name: 'Autumn news' } as Campaign;

// The form's server calls: two templates, 1,234 recipients, a save and a start that succeed.
vi.mock('../api/campaigns', () => ({
  useTemplateOptions: () => ({ data: [{ id: 't1', name: 'Newsletter' }] }),
  useAudienceOptions: () => ({ data: { profiles: [], folders: [], labels: [] } }),
  useAudienceCount: () => ({ data: 1234, isError: false }),
  useSaveCampaign: () => ({
    isPending: false,
    mutateAsync: (input: unknown) => {
      calls.save.push(input);
      return Promise.resolve(saved);
    },
  }),
  useStartCampaign: () => ({
    isPending: false,
    mutateAsync: (input: unknown) => {
      calls.start.push(input);
      return Promise.resolve(saved);
    },
  }),
}));

function renderForm(onDone = vi.fn()) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <CampaignForm
          campaign={{
            ...saved,
            templateId: 't1',
            scheduledAt: null,
            audience: { profileIds: ['p1'], folderIds: [], labelIds: [], listIds: [] },
          }}
          timeZone="Europe/Madrid"
          onDone={onDone}
          onCancel={vi.fn()}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onDone;
}

// Mantine's first render is slow on a busy machine.
describe('CampaignForm', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['campaigns', 'admin']);
  });
  beforeEach(() => {
    calls.save = [];
    calls.start = [];
  });

  it('“Send now” asks first, naming the campaign, its template and how many it goes to; Go back sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign now?' });
    expect(dialog.textContent).toContain('“Autumn news” goes out at once with the template “Newsletter” to 1,234 recipients.');
    expect(calls.save).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.start).toEqual([]);
  });

  it('sends once confirmed', async () => {
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send to 1,234 recipients' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(calls.start).toEqual([{ id: 'c1' }]);
  });
});
