/**
 * An email verification link (/verify-email?token=…, signed in: a new account is signed in at once, and a
 * signed-out visitor signs in first and comes back here). It verifies on load and shows the result: verified
 * (the session's user is updated, so Profile shows 'Verified'), an invalid or expired link (with the way to
 * a new one: Profile's 'Resend verification email'), or a failure with 'Try again'.
 */
import { useEffect, useRef } from 'react';
import { errorStatus, MESSAGES } from 'shared-contracts';
import { Link, useApi, useAuth, useSearchParams } from 'shared-contracts/react';
import { buttonClassName, ErrorState, Page, Spinner } from 'shared-contracts/ui';
import { useVerifyEmail } from '../api/useVerifyEmail';
import styles from './VerifyEmailPage.module.css';

const TITLE = 'Verify Email';
const DESCRIPTION = 'Confirming the email address of your account.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

function Onward({ profileFirst }: { profileFirst: boolean }) {
  return (
    <div className={styles.links}>
      <Link to="/profile" className={buttonClassName({ variant: profileFirst ? 'primary' : 'secondary' })}>
        Go to your profile
      </Link>
      <Link to="/dashboard" className={buttonClassName({ variant: 'secondary' })}>
        Go to Dashboard
      </Link>
    </div>
  );
}

function InvalidLink() {
  return (
    <div className={styles.panel} role="alert">
      <p className={styles.text}>{MESSAGES.accountLinkInvalid}</p>
      <p>You can ask for a new link with &lsquo;Resend verification email&rsquo; on your profile.</p>
      <Onward profileFirst />
    </div>
  );
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const verify = useVerifyEmail();
  const api = useApi();
  const { user, updateUser } = useAuth();
  const started = useRef<string | null>(null);

  const run = () =>
    verify.mutate(
      { token },
      {
        // The session's user now reads verified (from the API; the link may be another account's).
        onSuccess: () =>
          void api.auth
            .getProfile()
            .then(({ user: fresh }) => updateUser(fresh))
            .catch(() => undefined),
      },
    );

  // Once per link (not again when the session's user changes, nor twice in development's strict mode).
  useEffect(() => {
    if (!wellFormed || started.current === token) return;
    started.current = token;
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once per token: not again when run (a new closure each render) changes
  }, [token, wellFormed]);

  let content;
  if (!wellFormed || (verify.isError && errorStatus(verify.error) === 400)) content = <InvalidLink />;
  else if (verify.isError)
    content = (
      <ErrorState
        message="Your email address could not be verified."
        onRetry={run}
        retrying={verify.isPending}
        action={<Onward profileFirst={false} />}
      />
    );
  else if (verify.isSuccess)
    content = (
      <div className={`${styles.panel} ${styles.done}`} role="status">
        <p className={styles.text}>{verify.data.message}</p>
        {user && <p>Thank you, {user.name}. Your profile now shows your account as verified.</p>}
        <Onward profileFirst />
      </div>
    );
  else
    content = (
      <div className={styles.panel}>
        <Spinner label="Verifying your email address..." />
      </div>
    );

  return (
    <Page title={TITLE} description={DESCRIPTION} narrow busy={wellFormed && !verify.isSuccess && !verify.isError}>
      {content}
    </Page>
  );
}
