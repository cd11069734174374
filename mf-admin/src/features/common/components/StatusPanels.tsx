/** The empty and failed states of a screen or a section. */
import type { ReactNode } from 'react';
import { ListWindowRefused } from 'shared-contracts/ui';
import buttons from '../styles/Buttons.module.css';
import page from '../styles/Page.module.css';

export function ErrorPanel({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className={page.error} role="alert">
      <p className={page.errorText}>{text}</p>
      <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function EmptyPanel({ icon, title, text, children }: { icon: string; title: string; text?: string; children?: ReactNode }) {
  return (
    <div className={page.notice}>
      <span className={page.noticeIcon} aria-hidden="true">
        {icon}
      </span>
      <p className={page.noticeTitle}>{title}</p>
      {text && <p className={page.noticeText}>{text}</p>}
      {children && <div className={page.noticeActions}>{children}</div>}
    </div>
  );
}

/**
 * The API refused the page as beyond the list window (a page number typed into the URL, an old link):
 * its message, said politely, and a way back to the first page.
 */
export function ListWindowPanel({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <ListWindowRefused
      onFirstPage={onFirstPage}
      classNames={{ panel: page.notice, text: page.noticeText, actions: page.noticeActions, button: `${buttons.button} ${buttons.secondary}` }}
    />
  );
}
