import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerRemotesFromConfig } from './remotes/registry';
import './styles/global.css';

async function start(): Promise<void> {
  // Remote locations are runtime data: read them before the first render. If they cannot be read,
  // the shell still renders and each remote route shows its fallback with a retry.
  await registerRemotesFromConfig().catch((error) => console.error('Could not read /remotes.json', error));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
