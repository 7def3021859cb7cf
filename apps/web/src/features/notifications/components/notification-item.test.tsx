import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Notification } from '@enlaza/contracts';
import { labelInNameProblem } from '@/test/label-in-name';
import { render } from '@/test/render';
import { NotificationItem } from './notification-item';

const notification: Notification = {
  id: '7',
  type: 'new_message',
  title: 'New message from Ana',
  body: 'Hello, I would like a quote.',
  link: '/user/buzon/p1?message=m1',
  payload: {},
  read: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

describe('a notification', () => {
  it.each([false, true])('is named by all it shows, an unread one led by the mark (WCAG 2.5.3; read: %s)', async (read) => {
    await render(<NotificationItem notification={{ ...notification, read }} />, { route: '/' });
    const item = screen.getByTestId('notification-item');
    expect(labelInNameProblem(item)).toBeNull();
    const name = screen.getByRole('link').textContent ?? '';
    expect(name.startsWith(read ? 'New message from Ana' : 'Unread: New message from Ana')).toBe(true);
    expect(name).toContain('Hello, I would like a quote.');
  });
});
