// The deployments screen (/admin/deployments) from the admin's side: what each app serves, its health
// per version, its history, the commands behind a confirmation (done, cancelled, refused by the gate),
// and its loading, empty, failed and refreshed states. The API is the fake client of shared-contracts/testing.
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import {
  APP_FOLDERS,
  APP_LABELS,
  type AppDeployment,
  type DeployableApp,
  type DeployedVersion,
  type DeploymentCommandResponse,
  type DeploymentsResponse,
  type HealthFigures,
  type HealthPoint,
} from 'shared-contracts';
import { queryKeys } from 'shared-contracts/react';
import { renderRoutes } from 'shared-contracts/testing';
import AdminDeploymentsPage from '../src/exposed/AdminDeploymentsPage';
import { ADMIN, apiError, createFakeApi, expectToast, type FakeApi, fakeAuth, makeUser } from './render-helpers';

// ---------- answers ----------

const HOUR = 3_600_000;
const NOW = Math.floor(Date.now() / HOUR) * HOUR;
const STORES = APP_LABELS.mf_stores;
const SHELL = APP_LABELS.shell;

function figures(overrides: Partial<HealthFigures> = {}): HealthFigures {
  return { loads: 0, loadFailures: 0, renderErrors: 0, failureRate: null, medianRenderMs: null, ...overrides };
}

/** The last 24 hours, oldest first; `active` gives [loads, failures] for some hours (23 = the current one). */
function hourly(active: Record<number, [number, number]> = {}): HealthPoint[] {
  return Array.from({ length: 24 }, (_, index) => {
    const [loads, failures] = active[index] ?? [0, 0];
    return { hour: new Date(NOW - (23 - index) * HOUR).toISOString(), loads, failures };
  });
}

function version(name: string, channel: DeployedVersion['channel'], overrides: Partial<DeployedVersion> = {}): DeployedVersion {
  return { version: name, channel, lastHour: figures(), lastDay: figures(), hourly: hourly(), ...overrides };
}

/** An app serving its own build, with nothing reported and nothing published. */
function quietApp(app: DeployableApp, overrides: Partial<AppDeployment> = {}): AppDeployment {
  return {
    app,
    label: APP_LABELS[app],
    folder: APP_FOLDERS[app],
    live: { version: 'dist', since: null },
    canary: null,
    rollbackTo: null,
    versions: [version('dist', 'live')],
    history: [],
    ...overrides,
  };
}

/** mf_stores: 1.4.0 live, 1.5.0 a 10% canary, 1.3.2 to roll back to, loads reported for both. */
function storesWithCanary(): AppDeployment {
  return quietApp('mf_stores', {
    live: { version: '1.4.0', since: '2025-03-01T10:00:00.000Z' },
    canary: { version: '1.5.0', percent: 10, since: '2025-03-02T09:00:00.000Z' },
    rollbackTo: '1.3.2',
    versions: [
      version('1.4.0', 'live', {
        lastHour: figures({ loads: 42, loadFailures: 1, renderErrors: 0, failureRate: 1 / 43, medianRenderMs: 640 }),
        lastDay: figures({ loads: 980, loadFailures: 12, renderErrors: 3, failureRate: 15 / 992, medianRenderMs: 702 }),
        hourly: hourly({ 22: [60, 2], 23: [42, 1] }),
      }),
      version('1.5.0', 'canary', {
        lastHour: figures({ loads: 5, loadFailures: 2, renderErrors: 1, failureRate: 3 / 7, medianRenderMs: 1250 }),
        lastDay: figures({ loads: 9, loadFailures: 2, renderErrors: 1, failureRate: 3 / 11, medianRenderMs: 1180 }),
        hourly: hourly({ 23: [5, 3] }),
      }),
    ],
    history: [
      {
        at: '2025-03-02T09:00:00.000Z',
        action: 'canary',
        version: '1.5.0',
        previousVersion: '1.4.0',
        by: 'pipeline:mf-stores',
        note: null,
      },
      {
        at: '2025-03-01T12:00:00.000Z',
        action: 'auto_abort',
        version: '1.4.1',
        previousVersion: '1.4.0',
        by: 'health monitor',
        note: 'aborted automatically: 12 of 20 loads failed (60% > 20%)',
      },
      {
        at: '2025-03-01T10:00:00.000Z',
        action: 'promote',
        version: '1.4.0',
        previousVersion: '1.3.2',
        by: 'admin:admin@example.com',
        note: null,
      },
    ],
  });
}

function deployments(apps: AppDeployment[]): DeploymentsResponse {
  return { generatedAt: new Date(NOW).toISOString(), canaryPolicy: { maxFailureRate: 0.2, minLoads: 20 }, apps };
}

/** The promoted state the API answers after `promote` on storesWithCanary(). */
function storesPromoted(): AppDeployment {
  const before = storesWithCanary();
  return {
    ...before,
    live: { version: '1.5.0', since: new Date(NOW).toISOString() },
    canary: null,
    rollbackTo: '1.4.0',
    versions: [
      { ...before.versions[1], channel: 'live' },
      { ...before.versions[0], channel: 'earlier' },
    ],
    history: [
      {
        at: new Date(NOW).toISOString(),
        action: 'promote',
        version: '1.5.0',
        previousVersion: '1.4.0',
        by: 'admin:admin@example.com',
        note: null,
      },
      ...before.history,
    ],
  };
}

// ---------- render ----------

function apiWith(answer: DeploymentsResponse = deployments([quietApp('shell'), storesWithCanary()])): FakeApi {
  const api = createFakeApi();
  api.admin.deployments.mockResolvedValue(answer);
  return api;
}

function renderPage(api: FakeApi, user = ADMIN) {
  return renderRoutes(<Route path="/admin/deployments" element={<AdminDeploymentsPage />} />, {
    route: '/admin/deployments',
    api,
    auth: fakeAuth(user),
  });
}

const region = (label: string) => screen.findByRole('region', { name: label });

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

/** A 409 as the API refuses a command the gate stops: `{ message, errors: [{ field, message }] }`. */
function gateRefusal(message: string, errors: { field: string; message: string }[]) {
  const error = apiError(409, message);
  if (error.response) error.response.data = { message, errors };
  return error;
}

// ---------- tests ----------

describe('deployments screen', () => {
  it('shows one loading state, then a section per app, the shell first, each named by its label with its folder', async () => {
    const api = apiWith(deployments([storesWithCanary(), quietApp('shell')]));
    renderPage(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Deployments' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading deployments…');
    await region(STORES);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([SHELL, STORES]);
    expect(within(screen.getByRole('region', { name: STORES })).getByText('mf-stores', { selector: 'code' })).toBeInTheDocument();
    expect(screen.queryByText('Loading deployments…')).not.toBeInTheDocument();
    expect(api.admin.deployments).toHaveBeenCalledTimes(1);
  });

  it('shows the live version, the canary with its share, and the canary policy of the answer', async () => {
    renderPage(apiWith());
    const stores = await region(STORES);
    const live = within(stores).getByText('Live', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(live).toHaveTextContent(/^1\.4\.0 since .*2025/);
    const canary = within(stores).getByText('Canary', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(canary).toHaveTextContent(/^1\.5\.0 for 10% of browsers since .*2025/);
    expect(screen.getByText('A canary is aborted automatically above 20% failures once it has 20 load attempts.')).toBeInTheDocument();
  });

  it("shows each version's loads, failures, render errors, failure rate and median first render over the last hour and day", async () => {
    renderPage(apiWith());
    const stores = await region(STORES);
    const table = within(stores).getByRole('table', { name: 'Loads and failures per version' });
    expect(rowTexts(table)).toEqual([
      ['1.4.0Live', 'Last hour', '42', '1', '0', '2.3%', '640 ms'],
      ['1.4.0Live', 'Last day', '980', '12', '3', '1.5%', '702 ms'],
      ['1.5.0Canary', 'Last hour', '5', '2', '1', '42.9%', '1.3 s'],
      ['1.5.0Canary', 'Last day', '9', '2', '1', '27.3%', '1.2 s'],
    ]);
    // The table scrolls inside its own focusable box on a narrow screen.
    expect(within(stores).getByRole('region', { name: 'Loads and failures per version' })).toHaveAttribute('tabindex', '0');
  });

  it('draws the last 24 hours of each version as an image summed up in its name, with the hours in a table', async () => {
    renderPage(apiWith());
    const stores = await region(STORES);
    const hour = (index: number) =>
      new Date(NOW - (23 - index) * HOUR).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    const live = within(stores).getByRole('img', { name: /^Live 1\.4\.0/ });
    expect(live.tagName.toLowerCase()).toBe('svg');
    expect(live).toHaveAccessibleName(
      `Live 1.4.0 over the last 24 hours: 102 loads and 3 failures; most loads in the hour from ${hour(22)} (60).`,
    );
    expect(within(stores).getByRole('img', { name: /^Canary 1\.5\.0/ })).toHaveAccessibleName(
      `Canary 1.5.0 over the last 24 hours: 5 loads and 3 failures; most loads in the hour from ${hour(23)} (5).`,
    );
    const numbers = within(stores).getByRole('table', { name: 'Live 1.4.0, per hour with reports' });
    expect(rowTexts(numbers)).toEqual([
      [hour(22), '60', '2'],
      [hour(23), '42', '1'],
    ]);
  });

  it('shows the release history newest first, with who or what changed it and the reason of an automatic abort marked', async () => {
    renderPage(apiWith());
    const stores = await region(STORES);
    const items = within(within(stores).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Canary started: 1.5.0 (was 1.4.0)',
      'Canary aborted automatically: 1.4.1 (was 1.4.0)',
      'Canary promoted: 1.4.0 (was 1.3.2)',
    ]);
    expect(items[0]).toHaveTextContent('by pipeline:mf-stores');
    expect(items[1]).toHaveTextContent('by health monitor');
    expect(within(items[1]).getByText('Reason:')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Reason: aborted automatically: 12 of 20 loads failed (60% > 20%)');
    expect(items[2]).toHaveTextContent('by admin:admin@example.com');
  });

  it('says so when an app has no canary, no loads in the last day and no history, and offers no command', async () => {
    renderPage(apiWith());
    const shell = await region(SHELL);
    expect(within(shell).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No canary');
    expect(within(shell).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent("dist (the app's own build)");
    expect(within(shell).getByText('No loads reported in the last day')).toBeInTheDocument();
    expect(within(shell).getByText('Nothing has been published yet: the app serves its own build.')).toBeInTheDocument();
    expect(within(shell).queryByRole('table')).not.toBeInTheDocument();
    expect(within(shell).queryByRole('img')).not.toBeInTheDocument();
    expect(within(shell).queryByRole('button')).not.toBeInTheDocument();
  });

  it('promotes the canary after confirmation: calls the command, toasts its message and updates the section', async () => {
    const api = apiWith();
    const answer: DeploymentCommandResponse = { message: 'mf_stores 1.5.0 is live for everyone (was 1.4.0)', app: storesPromoted() };
    api.admin.deploymentCommand.mockResolvedValue(answer);
    const { user, queryClient } = renderPage(api);
    const stores = await region(STORES);
    await user.click(within(stores).getByRole('button', { name: `Promote canary of ${STORES}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Promote canary' });
    expect(dialog).toHaveAccessibleDescription(/^Make 1\.5\.0 live for every browser\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await expectToast('mf_stores 1.5.0 is live for everyone (was 1.4.0)');
    expect(api.admin.deploymentCommand).toHaveBeenCalledWith('mf_stores', 'promote');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(stores).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^1\.5\.0 since/);
    expect(within(stores).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No canary');
    expect(within(stores).queryByRole('button', { name: /canary/ })).not.toBeInTheDocument();
    expect(within(stores).getByRole('button', { name: `Roll back to 1.4.0: ${STORES}` })).toHaveTextContent('Roll back to 1.4.0');
    expect(screen.getByRole('heading', { level: 2, name: STORES })).toHaveFocus();
    expect(api.admin.deployments).toHaveBeenCalledTimes(1);
    // The answer went into the cache; the cached deployments are marked stale for the next refresh.
    expect(queryClient.getQueryState(queryKeys.admin.deployments())?.isInvalidated).toBe(true);
  });

  it.each([
    ['abort' as const, `Abort canary of ${STORES}`, 'Abort canary', 'Abort canary'],
    ['rollback' as const, `Roll back to 1.3.2: ${STORES}`, 'Roll back', 'Roll back'],
  ])('%s asks first, then calls that command for that app', async (command, buttonName, dialogName, confirmName) => {
    const api = apiWith();
    api.admin.deploymentCommand.mockResolvedValue({ message: `${command} done`, app: quietApp('mf_stores') });
    const { user } = renderPage(api);
    await user.click(within(await region(STORES)).getByRole('button', { name: buttonName }));
    await user.click(within(screen.getByRole('alertdialog', { name: dialogName })).getByRole('button', { name: confirmName }));
    await expectToast(`${command} done`);
    expect(api.admin.deploymentCommand).toHaveBeenCalledTimes(1);
    expect(api.admin.deploymentCommand).toHaveBeenCalledWith('mf_stores', command);
  });

  it('calls nothing when the confirmation is cancelled, and gives focus back to the button', async () => {
    const api = apiWith();
    const { user } = renderPage(api);
    const promote = within(await region(STORES)).getByRole('button', { name: `Promote canary of ${STORES}` });
    await user.click(promote);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.admin.deploymentCommand).not.toHaveBeenCalled();
    expect(promote).toHaveFocus();
    expect(
      within(screen.getByRole('region', { name: STORES })).getByText('Canary', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent(/^1\.5\.0/);
  });

  it("shows a gate refusal's message and each problem in an alert in the app's section, and changes nothing", async () => {
    const api = apiWith();
    api.admin.deploymentCommand.mockRejectedValue(
      gateRefusal('the compatibility gate refused mf_stores 1.5.0 (nothing was changed)', [
        { field: 'shared-contracts', message: 'mf_stores needs ^1.1.0; the live shell provides 1.0.0' },
        { field: 'react-hot-toast', message: 'mf_stores needs ^2.7.0; the live shell provides 2.6.1' },
      ]),
    );
    const { user } = renderPage(api);
    const stores = await region(STORES);
    await user.click(within(stores).getByRole('button', { name: `Promote canary of ${STORES}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Promote' }));
    const alert = await within(stores).findByRole('alert');
    expect(alert).toHaveTextContent('The compatibility gate refused mf_stores 1.5.0 (nothing was changed)');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'shared-contracts: mf_stores needs ^1.1.0; the live shell provides 1.0.0',
      'react-hot-toast: mf_stores needs ^2.7.0; the live shell provides 2.6.1',
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(stores).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^1\.5\.0 for 10%/);
    expect(within(stores).getByRole('button', { name: `Promote canary of ${STORES}` })).toBeEnabled();
  });

  it('disables every command button while a command runs', async () => {
    const api = apiWith(deployments([quietApp('shell', { rollbackTo: 'shell-7' }), storesWithCanary()]));
    let answer: (value: DeploymentCommandResponse) => void = () => undefined;
    api.admin.deploymentCommand.mockReturnValue(new Promise<DeploymentCommandResponse>((resolve) => (answer = resolve)));
    const { user } = renderPage(api);
    await user.click(within(await region(STORES)).getByRole('button', { name: `Abort canary of ${STORES}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Abort canary' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Aborting…' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    for (const name of [
      `Promote canary of ${STORES}`,
      `Abort canary of ${STORES}`,
      `Roll back to 1.3.2: ${STORES}`,
      `Roll back to shell-7: ${SHELL}`,
    ]) {
      expect(screen.getByRole('button', { name, hidden: true })).toBeDisabled();
    }
    await act(async () => answer({ message: 'mf_stores: the canary 1.5.0 ended', app: quietApp('mf_stores') }));
    await expectToast('mf_stores: the canary 1.5.0 ended');
    expect(screen.getByRole('button', { name: `Roll back to shell-7: ${SHELL}` })).toBeEnabled();
  });

  it('shows an error with a retry when the deployments cannot be loaded, and the retry loads them', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    api.admin.deployments.mockRejectedValueOnce(apiError(500, 'Internal server error')).mockResolvedValue(deployments([quietApp('shell')]));
    const { user } = renderPage(api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The deployments could not be loaded.');
    await expectToast('Failed to fetch deployments');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await region(SHELL)).toBeInTheDocument();
    expect(screen.queryByText('The deployments could not be loaded.')).not.toBeInTheDocument();
    expect(api.admin.deployments).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('Refresh asks again and shows the new figures', async () => {
    const api = apiWith();
    const newer = storesWithCanary();
    newer.versions[0].lastHour.loads = 77;
    api.admin.deployments.mockResolvedValueOnce(deployments([storesWithCanary()])).mockResolvedValueOnce(deployments([newer]));
    const { user } = renderPage(api);
    const stores = await region(STORES);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rowTexts(within(stores).getByRole('table', { name: 'Loads and failures per version' }))[0][2]).toBe('77'));
    expect(api.admin.deployments).toHaveBeenCalledTimes(2);
  });

  describe('quiet refresh', () => {
    let visibility: DocumentVisibilityState = 'visible';
    beforeEach(() => {
      visibility = 'visible';
      jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
      jest.restoreAllMocks();
    });

    it('asks again every 30 s while the page is visible, not while it is hidden, and at once when it shows again', async () => {
      const api = apiWith();
      renderPage(api);
      await region(STORES);
      expect(api.admin.deployments).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(api.admin.deployments).toHaveBeenCalledTimes(2);
      visibility = 'hidden';
      await act(async () => jest.advanceTimersByTime(90_000));
      expect(api.admin.deployments).toHaveBeenCalledTimes(2);
      visibility = 'visible';
      // As a browser does: on the document, bubbling to the window.
      await act(async () => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      expect(api.admin.deployments).toHaveBeenCalledTimes(3);
    });

    it('keeps the figures on screen when a quiet refresh fails, says so, and toasts nothing', async () => {
      const api = apiWith();
      api.admin.deployments.mockResolvedValueOnce(deployments([storesWithCanary()])).mockRejectedValue(apiError(502));
      renderPage(api);
      const stores = await region(STORES);
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(await screen.findByText(/^Could not refresh: figures of /)).toHaveAttribute('role', 'status');
      expect(within(stores).getByRole('table', { name: 'Loads and failures per version' })).toBeInTheDocument();
      expect(screen.queryByText('Failed to fetch deployments')).not.toBeInTheDocument();
    });
  });

  it('shows a notice to anyone but a system administrator and asks the API nothing', async () => {
    const api = createFakeApi();
    renderPage(api, makeUser(3, { role: 'store_owner' }));
    expect(screen.getByRole('heading', { name: 'Administrators only' })).toBeInTheDocument();
    expect(api.admin.deployments).not.toHaveBeenCalled();
  });
});
