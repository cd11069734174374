/** The centred card the sign-in and sign-up pages share: brand, page heading, intro, content. */
import type { ReactNode } from 'react';
import { Icon } from 'shared-contracts/ui';
import styles from './AuthLayout.module.css';

export interface AuthLayoutProps {
  title: string;
  intro: string;
  /** A wider card for longer forms. */
  wide?: boolean;
  children: ReactNode;
}

export function AuthLayout({ title, intro, wide = false, children }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={`${styles.card} ${wide ? styles.wide : ''}`}>
        <header className={styles.header}>
          <p className={styles.brand}>
            <span className={styles.logo}>
              <Icon name="star" size="sm" />
            </span>
            Store Ratings
          </p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.intro}>{intro}</p>
        </header>
        {children}
      </div>
    </main>
  );
}
