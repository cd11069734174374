// Stand-ins for the remotes' pages. Tests mock '../src/remotes/registry' and let loadRemotePage
// resolve these, so the real route table, guards and RemotePage run without Module Federation.
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from 'shared-contracts/react';

export const SIGN_IN_AS = { email: 'carla@example.com', password: 'Secret#123', role: 'normal_user' } as const;
export const SIGN_UP_AS = {
  name: 'Carla Customer Montgomery',
  email: 'carla@example.com',
  address: '12 Market Street, Springfield',
  password: 'Secret#123',
};

/** The heading each fake page shows, e.g. 'mf_stores/StoreListPage'. */
export const pageHeading = (remote: string, module: string) => `${remote}/${module}`;

export function fakePage(remote: string, module: string): ComponentType {
  function FakeRemotePage() {
    const { login, register, replaceToken } = useAuth();
    const { id } = useParams();
    return (
      <main>
        <h1>{pageHeading(remote, module)}</h1>
        {module === 'StoreDetailPage' && (
          <>
            <p>Store {id}</p>
            <Link to={`/stores/${Number(id) + 1}`}>Next store</Link>
          </>
        )}
        {module === 'LoginPage' && (
          <button type="button" onClick={() => void login(SIGN_IN_AS.email, SIGN_IN_AS.password, SIGN_IN_AS.role).catch(() => undefined)}>
            Fake sign in
          </button>
        )}
        {module === 'RegisterPage' && (
          <button type="button" onClick={() => void register(SIGN_UP_AS).catch(() => undefined)}>
            Fake sign up
          </button>
        )}
        {module === 'ProfilePage' && (
          <button type="button" onClick={() => replaceToken('rotated-token')}>
            Fake password change
          </button>
        )}
      </main>
    );
  }
  FakeRemotePage.displayName = `Fake(${remote}/${module})`;
  return FakeRemotePage;
}

/** loadRemotePage's happy path: every page loads at once. */
export const loadFakeRemotePage = async (remote: string, module: string): Promise<{ default: ComponentType }> => ({
  default: fakePage(remote, module),
});
