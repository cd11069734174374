/**
 * The account mails (issue 18): the password reset link and the email verification link. They are sent
 * after the answer (never awaited by the request): the answer to 'Forgot password?' takes the same time
 * and says the same whether or not the email has an account, and a mail server that is slow or away
 * fails no request. A failure is logged (without the link); `close` waits for the mails under way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { EMAIL_VERIFICATION_LINK_TTL_HOURS, PASSWORD_RESET_LINK_TTL_MINUTES } from 'shared-contracts';
import { issueAccountToken } from '../auth/account-tokens';
import type { DB } from '../db/schema';
import type { MailMessage, Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account mails (tests wait on `settled` for the mails sent after an answer). */
    accountMail: AccountMail;
  }
}

interface Recipient {
  id: number;
  name: string;
  email: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function message(to: string, subject: string, paragraphs: string[], link: string, action: string): MailMessage {
  const [greeting, ...rest] = paragraphs;
  const text = [greeting, ...rest.slice(0, 1), link, ...rest.slice(1), 'Store Ratings'].join('\n\n') + '\n';
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(rest[0] ?? '')}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml('If the button does not work, copy this address into your browser:')}<br>${escapeHtml(link)}</p>` +
    rest
      .slice(1)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('') +
    '<p>Store Ratings</p>';
  return { to, subject, text, html, link };
}

export class AccountMail {
  private readonly underWay = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    /** The site's public origin, e.g. 'https://ratings.example.com' (links are absolute). */
    private readonly origin: () => string,
  ) {}

  /** A reset link for the account of `emailKey`, if there is one (nothing otherwise), after the answer. */
  passwordResetFor(emailKey: string): void {
    this.later('password reset mail', async () => {
      const user = await this.db.selectFrom('users').select(['id', 'name', 'email']).where('email_key', '=', emailKey).executeTakeFirst();
      if (!user) return;
      await this.sendPasswordReset(user);
    });
  }

  /** A verification link to a new (or unverified) account, after the answer. */
  verificationFor(user: Recipient): void {
    this.later('verification mail', () => this.sendVerification(user));
  }

  private async sendPasswordReset(user: Recipient): Promise<void> {
    const token = await issueAccountToken(this.db, user.id, 'reset_password');
    const link = `${this.origin()}/reset-password?token=${token}`;
    await this.mailer.send(
      message(
        user.email,
        'Reset your Store Ratings password',
        [
          `Hello ${user.name},`,
          `Someone (we hope you) asked to reset the password of your Store Ratings account. Open this link within ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes to choose a new password:`,
          'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
        ],
        link,
        'Choose a new password',
      ),
    );
  }

  private async sendVerification(user: Recipient): Promise<void> {
    const token = await issueAccountToken(this.db, user.id, 'verify_email');
    const link = `${this.origin()}/verify-email?token=${token}`;
    await this.mailer.send(
      message(
        user.email,
        'Verify your Store Ratings email address',
        [
          `Hello ${user.name},`,
          `Please confirm that this is your email address by opening this link within ${EMAIL_VERIFICATION_LINK_TTL_HOURS} hours:`,
          'If you did not create a Store Ratings account, ignore this message.',
        ],
        link,
        'Verify my email address',
      ),
    );
  }

  private later(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((error: unknown) => this.log.warn({ err: error, mailer: this.mailer.kind }, `${what} could not be sent`))
      .finally(() => this.underWay.delete(task));
    this.underWay.add(task);
  }

  /** Resolves once every mail under way has gone (or failed). */
  async settled(): Promise<void> {
    while (this.underWay.size > 0) await Promise.allSettled([...this.underWay]);
  }

  async close(): Promise<void> {
    await this.settled();
    this.mailer.close();
  }
}
