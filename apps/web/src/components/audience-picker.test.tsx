import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AudienceSelector, Segment } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { AudiencePicker, EMPTY_AUDIENCE } from './audience-picker';

const MADRID = '00000000-0000-4000-8000-0000000000b1';
const GOLD = '00000000-0000-4000-8000-0000000000b2';
const segment = (id: string, name: string): Segment => ({
  id,
  name,
  rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'consent', op: 'within_days', value: 30 }] }] },
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-19T09:00:00.000Z',
});

const server = { counted: [] as AudienceSelector[] };

// No profiles, folders, labels or lists; two segments (Madrid: 1 person, Gold: 12); the recipients
// of a selection are 5 per segment.
function fakeServer() {
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/audience/sources') return json({ ok: 1, data: { profiles: [], folders: [], labels: [], lists: [] } });
    if (pathname === '/api/audience/segments') return json({ ok: 1, data: [segment(GOLD, 'Gold'), segment(MADRID, 'Madrid')] });
    if (pathname === `/api/audience/segments/${MADRID}/count`) return json({ ok: 1, data: { people: 1 } });
    if (pathname === `/api/audience/segments/${GOLD}/count`) return json({ ok: 1, data: { people: 12 } });
    if (method === 'POST' && pathname === '/api/audience/count') {
      const selector = JSON.parse(init!.body as string) as AudienceSelector;
      server.counted.push(selector);
      return json({ ok: 1, data: { recipients: selector.segmentIds.length * 5 } });
    }
    return json({ ok: 0, code: 'record.not_found', message: 'Not found' }, 404);
  });
}

function Picker() {
  const [value, setValue] = useState<AudienceSelector>(EMPTY_AUDIENCE);
  return <AudiencePicker value={value} onChange={setValue} />;
}

describe('the campaign audience picker', () => {
  beforeEach(() => {
    server.counted = [];
    fakeServer();
  });

  it('offers the segments with their people now, and counts the recipients of the segments chosen', async () => {
    await render(<Picker />);
    const picker = await screen.findByTestId('audience-segments');
    expect(screen.getByTestId('audience-count').textContent).toContain('choose at least one source');
    picker.focus();
    fireEvent.click(picker);
    const option = await screen.findByRole('option', { name: 'Madrid (1 person now)', hidden: true });
    expect(await screen.findByRole('option', { name: 'Gold (12 people now)', hidden: true })).toBeTruthy();
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByTestId('audience-count-value').textContent).toBe('5'));
    expect(server.counted).toEqual([{ ...EMPTY_AUDIENCE, segmentIds: [MADRID] }]);
  });
});
