import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Message } from '@enlaza/contracts';
import { render } from '@/test/render';
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
  crm: null,
};

const renderWith = (ui: React.ReactElement) => render(ui);

describe('a message in the mailbox', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: 0, code: 'x', message: 'x' }), { status: 500 }))),
    );
  });

  it('shows the phone formatted for reading and the replies sent, with their text', async () => {
    await renderWith(<MessageDetailDrawer message={message} onClose={() => undefined} onChanged={() => undefined} />);
    const phone = screen.getByTestId('message-phone');
    expect(phone.textContent).toBe('+34 699 11 12 22');
    expect(phone.getAttribute('href')).toBe('tel:+34699111222');
    const reply = within(screen.getByTestId('message-replies')).getByTestId('message-reply');
    expect(reply.textContent).toContain('Re: your message to Ana');
    expect(reply.textContent).toContain('Yes, from 10 to 14.');
  });

  it('links the lead’s record in the CRM it was sent to, and shows no link before', async () => {
    const sent = { ...message, crm: { provider: 'hubspot' as const, url: 'https://app.hubspot.com/contacts/42/record/0-1/7' } };
    await renderWith(<MessageDetailDrawer message={sent} onClose={() => undefined} onChanged={() => undefined} />);
    const link = screen.getByTestId('message-crm-link');
    expect(link.textContent).toBe('Open in HubSpot');
    expect(link.getAttribute('href')).toBe('https://app.hubspot.com/contacts/42/record/0-1/7');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('checks a reply with the contract before sending it, and shows the server’s refusal under its field', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/reply')
          ? new Response(
              JSON.stringify({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { body: ['Use a single line of text.'] } }),
              {
                status: 422,
              },
            )
          : new Response(JSON.stringify({ ok: 0, code: 'internal', message: 'x' }), { status: 500 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWith(<MessageDetailDrawer message={message} onClose={() => undefined} onChanged={() => undefined} />);
    const form = within(await screen.findByTestId('reply-form'));
    const body = screen.getByTestId<HTMLTextAreaElement>('reply-body');
    expect([form.getByRole<HTMLInputElement>('textbox', { name: /Subject/ }).maxLength, body.maxLength]).toEqual([200, 10_000]);
    fireEvent.click(screen.getByTestId('reply-send'));
    expect(await screen.findByText('Write your answer.')).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url.endsWith('/reply'))).toHaveLength(0);

    fireEvent.change(body, { target: { value: 'Yes, from 10 to 14.' } });
    fireEvent.click(screen.getByTestId('reply-send'));
    expect(await screen.findByText('Use a single line of text.')).toBeTruthy();
    expect(document.activeElement).toBe(body);
  });

  it('marks a replied message in the list, and only a replied one', async () => {
    const { rerender } = await renderWith(
      <MessageRow message={message} selected={false} onSelect={() => undefined} onOpen={() => undefined} onToggleStar={() => undefined} />,
    );
    expect(screen.getByTestId('message-replied').textContent).toBe('Replied');
    rerender(
      <MessageRow
        message={{ ...message, repliedAt: null, replies: [] }}
        selected={false}
        onSelect={() => undefined}
        onOpen={() => undefined}
        onToggleStar={() => undefined}
      />,
    );
    expect(screen.queryByTestId('message-replied')).toBeNull();
  });
});
