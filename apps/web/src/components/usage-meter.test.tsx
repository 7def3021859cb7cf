import { describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { UsageMeter } from './usage-meter';

/** The colour the meter's bar is drawn in (Mantine writes it as a CSS variable on the section). */
async function barColour(props: { used: number; limit: number; calmAtLimit?: boolean }): Promise<string> {
  const { container } = await render(<UsageMeter label="Cards" valueText={`${props.used} / ${props.limit}`} {...props} />);
  return container.querySelector<HTMLElement>('.mantine-Progress-section')?.getAttribute('style') ?? '';
}

describe('UsageMeter', () => {
  it('warns when a quota is reached (storage, sends)', async () => {
    expect(await barColour({ used: 100, limit: 100 })).toMatch(/orange/);
    expect(await barColour({ used: 85, limit: 100 })).toMatch(/yellow/);
  });

  it('stays calm for a count of things kept at its limit (one Free card), and turns red only beyond it', async () => {
    expect(await barColour({ used: 1, limit: 1, calmAtLimit: true })).not.toMatch(/orange|yellow|red/);
    expect(await barColour({ used: 9, limit: 10, calmAtLimit: true })).not.toMatch(/orange|yellow|red/);
    expect(await barColour({ used: 2, limit: 1, calmAtLimit: true })).toMatch(/red/);
  });
});
