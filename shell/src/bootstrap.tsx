/**
 * Starts the shell in steps, each in a task of its own, so that no step is a long task on a phone's CPU
 * (issue 16: a signed-in start measured one 230-280 ms task at 4× CPU slowdown, evaluating every shared
 * library at once, then a 100 ms render). The first evaluation of each large library is its own step;
 * between steps the main thread is free for input and paint (the server's skeleton is on screen).
 */
import { StrictMode } from 'react';
import './styles/global.css';

/** Hands the main thread back to the browser until its next task. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The start-up steps, heaviest first: each `import` evaluates a library that is already downloaded
 * (`eager`: no chunk of its own, so no request more).
 */
const STEPS: Array<() => Promise<unknown>> = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'axios'),
  () => import(/* webpackMode: "eager" */ 'shared-contracts'),
  // The locale's number data, which the page's first Intl formatter loads (the pages format counts).
  async () => (await import(/* webpackMode: "eager" */ 'shared-contracts')).formatCount(0),
  () => import(/* webpackMode: "eager" */ 'react-hot-toast'),
  () => import(/* webpackMode: "eager" */ 'shared-contracts/react'),
  () => import(/* webpackMode: "eager" */ 'shared-contracts/ui'),
];

async function start(): Promise<void> {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
  const [{ createRoot }, { App }, { registerRemotesFromConfig }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ './remotes/registry'),
  ]);
  // Remote locations are runtime data: read them before the first render. If they cannot be read,
  // the shell still renders and each remote route shows its fallback with a retry.
  await registerRemotesFromConfig().catch((error) => console.error('Could not read /remotes.json', error));
  await nextTask();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
