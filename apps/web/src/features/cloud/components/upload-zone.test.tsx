import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { UploadedFile } from '@enlaza/contracts';
import * as cloudApi from '@/lib/api/upload-cloud-file';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import { UploadZone } from './upload-zone';

// The server answers each upload: a new file, or the one already kept with the same bytes.
beforeEach(() =>
  replaceExports(cloudApi, {
    uploadCloudFile: (file: File) =>
      Promise.resolve(
        (file.name === 'holiday copy.png'
          ? { id: 'kept', name: 'holiday.png', alreadyKept: true }
          : { id: 'new', name: file.name, alreadyKept: false }) as UploadedFile,
      ),
  }),
);

function choose(...names: string[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: names.map((name) => new File(['x'], name, { type: 'image/png' })) } });
}

describe('UploadZone', () => {
  it('says when a file was already in the cloud, under the name it was kept with, and only then', async () => {
    await render(<UploadZone maxFileBytes={undefined} />);
    choose('holiday copy.png', 'beach.png');
    expect((await screen.findByTestId('cloud-upload-kept')).textContent).toBe(
      'Already in your cloud as holiday.png: nothing new was stored.',
    );
    const items = await screen.findAllByTestId('cloud-upload-item');
    await vi.waitFor(() => expect(items.map((item) => item.getAttribute('data-status'))).toEqual(['done', 'done']));
    expect(screen.getAllByTestId('cloud-upload-kept')).toHaveLength(1);
  });
});
