import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CloudFile } from '@enlaza/contracts';
import type * as CloudApi from '@/lib/cloud-api';
import { CloudImagePicker } from './cloud-image-picker';

const upload = vi.hoisted(() => ({ finish: (_file: Partial<CloudFile>) => {}, signal: undefined as AbortSignal | undefined }));

vi.mock('@/lib/cloud-api', async (importOriginal) => ({
  ...(await importOriginal<typeof CloudApi>()),
  // No request for the current image; the upload ends when the test says so.
  useCloudFile: () => ({ data: undefined, isPending: false, isError: false, error: null }),
  uploadCloudFile: (_file: File, _onProgress: (fraction: number) => void, signal?: AbortSignal) =>
    new Promise<CloudFile>((resolve) => {
      upload.signal = signal;
      upload.finish = (file) => resolve({ id: 'uploaded', kind: 'image', name: 'new.png', ...file } as CloudFile);
    }),
}));

function renderPicker(value: string | null, onChange: (id: string | null) => void) {
  const client = new QueryClient();
  const tree = (v: string | null) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CloudImagePicker label="Photo" value={v} onChange={onChange} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(tree(value));
  return { ...view, setValue: (v: string | null) => view.rerender(tree(v)) };
}

function chooseFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'new.png', { type: 'image/png' })] } });
}

// Mantine's first render is slow on a busy machine.
describe('CloudImagePicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    upload.signal = undefined;
  });

  it('is a group named by its label', () => {
    renderPicker(null, vi.fn());
    expect(screen.getByRole('group', { name: 'Photo' })).toBeTruthy();
  });

  it('uses the uploaded image, and locks Choose and Remove while uploading', async () => {
    const onChange = vi.fn();
    renderPicker('old', onChange);
    chooseFile();
    expect(screen.getByTestId('cloud-picker-choose').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cloud-picker-remove').hasAttribute('disabled')).toBe(true);
    await act(async () => upload.finish({}));
    expect(onChange).toHaveBeenCalledWith('uploaded');
    expect(screen.getByTestId('cloud-picker-choose').hasAttribute('disabled')).toBe(false);
  });

  it('ignores an upload that finishes after the value changed', async () => {
    const onChange = vi.fn();
    const { setValue } = renderPicker('old', onChange);
    chooseFile();
    setValue('picked-meanwhile');
    await act(async () => upload.finish({}));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears the file input so the same file can be chosen again', () => {
    renderPicker(null, vi.fn());
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const reset = vi.spyOn(input, 'value', 'set');
    chooseFile();
    expect(reset).toHaveBeenCalledWith('');
  });

  it('cancels the upload when the field goes away', () => {
    const { unmount } = renderPicker(null, vi.fn());
    chooseFile();
    expect(upload.signal?.aborted).toBe(false);
    unmount();
    expect(upload.signal?.aborted).toBe(true);
  });
});
