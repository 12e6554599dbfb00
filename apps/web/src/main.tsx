import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadConfig } from './config';
import { initialLanguage, LANGUAGES } from './i18n/language';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
loadConfig()
  .then((config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  )
  .catch((error: unknown) =>
    root.render(
      <p role="alert">
        {LANGUAGES[initialLanguage()].messages.notConfigured} {error instanceof Error ? error.message : ''}
      </p>,
    ),
  );
