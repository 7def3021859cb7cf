import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Message } from '@enlaza/contracts';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { MessageDetailDrawer } from './message-detail';
import { MessageRow } from './message-row';

const message: Message = {
  id: 'm1',
  profileId: 'p1',
  name: 'Rita Visitor',
  email: 'rita@visitor.example',
  phone: '+34699111222',
  body: 'Do you work on Sundays?',
  consent: false,
  location: null,
  read: true,
  starred: false,
  archived: false,
  repliedAt: '2026-03-02T10:00:00.000Z',
  replies: [{ subject: 'Re: your message to Ana', body: 'Yes, from 10 to 14.\nAna', sentAt: '2026-03-02T10:00:00.000Z' }],
  createdAt: '2026-03-01T09:00:00.000Z',
  deletedAt: null,
};

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a message in the mailbox', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['mailbox', 'admin', 'errors']);
    // The reply's autosizing textarea listens to font loading, which jsdom lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
        configurable: true,
      });
  });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: 0, code: 'x', message: 'x' }), { status: 500 }))),
    );
  });

  it('shows the phone formatted for reading and the replies sent, with their text', () => {
    renderWith(<MessageDetailDrawer message={message} onClose={() => undefined} onChanged={() => undefined} />);
    const phone = screen.getByTestId('message-phone');
    expect(phone.textContent).toBe('+34 699 11 12 22');
    expect(phone.getAttribute('href')).toBe('tel:+34699111222');
    const reply = within(screen.getByTestId('message-replies')).getByTestId('message-reply');
    expect(reply.textContent).toContain('Re: your message to Ana');
    expect(reply.textContent).toContain('Yes, from 10 to 14.');
  }, 20_000);

  it('marks a replied message in the list, and only a replied one', () => {
    const { rerender } = renderWith(
      <MessageRow message={message} selected={false} onSelect={() => undefined} onOpen={() => undefined} onToggleStar={() => undefined} />,
    );
    expect(screen.getByTestId('message-replied').textContent).toBe('Replied');
    rerender(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MessageRow
            message={{ ...message, repliedAt: null, replies: [] }}
            selected={false}
            onSelect={() => undefined}
            onOpen={() => undefined}
            onToggleStar={() => undefined}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByTestId('message-replied')).toBeNull();
  });
});
