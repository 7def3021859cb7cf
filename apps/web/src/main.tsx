import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import i18next from 'i18next';
import './styles/fonts.css';
import './styles/mantine.css';
import './styles/app.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The router starts its first navigation (guard, page code) while the translations load.
const router = createAppRouter();

function render(): void {
  createRoot(container!).render(
    <StrictMode>
      <AppProviders i18n={i18next}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

initI18n().then(render, (error: unknown) => {
  console.error('Translations failed to load', error);
  render();
});
