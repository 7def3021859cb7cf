import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { CloudFile } from '@enlaza/contracts';
import * as cloudFileApi from '@/lib/api/get-cloud-file';
import * as cloudApi from '@/lib/api/upload-cloud-file';
import { render } from '@/test/render';
import { replaceExports } from '@/test/replace-exports';
import { CloudImagePicker } from './cloud-image-picker';

const upload = { finish: (_file: Partial<CloudFile>) => {}, signal: undefined as AbortSignal | undefined };

// No request for the current image; the upload ends when the test says so.
function fakeCloud() {
  replaceExports(cloudFileApi, { useCloudFile: () => ({ data: undefined, isPending: false, isError: false, error: null }) });
  replaceExports(cloudApi, {
    uploadCloudFile: (_file: File, _onProgress: (fraction: number) => void, signal?: AbortSignal) =>
      new Promise<CloudFile>((resolve) => {
        upload.signal = signal;
        upload.finish = (file) => resolve({ id: 'uploaded', kind: 'image', name: 'new.png', ...file } as CloudFile);
      }),
  });
}

async function renderPicker(value: string | null, onChange: (id: string | null) => void) {
  const tree = (v: string | null) => <CloudImagePicker label="Photo" value={v} onChange={onChange} />;
  const view = await render(tree(value));
  return { ...view, setValue: (v: string | null) => view.rerender(tree(v)) };
}

function chooseFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'new.png', { type: 'image/png' })] } });
}

describe('CloudImagePicker', () => {
  beforeEach(() => {
    upload.signal = undefined;
    fakeCloud();
  });

  it('is a group named by its label', async () => {
    await renderPicker(null, vi.fn());
    expect(screen.getByRole('group', { name: 'Photo' })).toBeTruthy();
  });

  it('uses the uploaded image, and locks Choose and Remove while uploading', async () => {
    const onChange = vi.fn();
    await renderPicker('old', onChange);
    chooseFile();
    expect(screen.getByTestId('cloud-picker-choose').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cloud-picker-remove').hasAttribute('disabled')).toBe(true);
    await act(async () => upload.finish({}));
    expect(onChange).toHaveBeenCalledWith('uploaded');
    expect(screen.getByTestId('cloud-picker-choose').hasAttribute('disabled')).toBe(false);
  });

  it('ignores an upload that finishes after the value changed', async () => {
    const onChange = vi.fn();
    const { setValue } = await renderPicker('old', onChange);
    chooseFile();
    setValue('picked-meanwhile');
    await act(async () => upload.finish({}));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears the file input so the same file can be chosen again', async () => {
    await renderPicker(null, vi.fn());
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const reset = vi.spyOn(input, 'value', 'set');
    chooseFile();
    expect(reset).toHaveBeenCalledWith('');
  });

  it('cancels the upload when the field goes away', async () => {
    const { unmount } = await renderPicker(null, vi.fn());
    chooseFile();
    expect(upload.signal?.aborted).toBe(false);
    unmount();
    expect(upload.signal?.aborted).toBe(true);
  });
});
