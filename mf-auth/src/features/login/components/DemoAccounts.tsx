/** The demo-accounts box: choosing an account fills in its email and password and selects its role. */
import { useId } from 'react';
import { DEMO_ACCOUNTS, type DemoAccount } from 'shared-contracts';
import styles from './LoginPage.module.css';

export function DemoAccounts({ onChoose }: { onChoose: (account: DemoAccount) => void }) {
  const headingId = useId();
  return (
    <section className={styles.demo} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.demoTitle}>
        Demo accounts
      </h2>
      <p className={styles.demoIntro}>Choose an account to fill in the form, then sign in.</p>
      <ul className={styles.demoList}>
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email}>
            <button type="button" className={styles.demoButton} onClick={() => onChoose(account)}>
              <span className={styles.demoRole}>{account.label}</span>
              <span className={styles.demoCredentials}>
                <span className={styles.demoCredential}>{account.email}</span>
                <span className={styles.demoCredential}>{account.password}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
