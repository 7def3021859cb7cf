import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.head.querySelectorAll('meta[name="csrf-token"]').forEach((m) => m.remove());
});
