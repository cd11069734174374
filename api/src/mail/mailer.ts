/**
 * Mail out (issue 18, account recovery and email verification). With SMTP_URL, through that server
 * (nodemailer's SMTP transport, with deadlines on connecting, the greeting and the socket); without it,
 * each message is written as an .eml file to DATA_DIR/outbox/ and its link logged at info level, so a
 * server started alone (`npm start`) still hands out its links. A failure is the caller's to log: a
 * mail never fails the request that sent it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries (logged when the message goes to the outbox). */
  link: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
  /** Deadline of each step of an SMTP delivery (connect, greeting, idle socket). */
  timeoutMs?: number;
}

/** The folder the messages go to when no SMTP server is configured. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export function createMailer({ smtpUrl, dataDir, from, log, timeoutMs = 10_000 }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl, {
      from,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as never);
    return {
      kind: 'smtp',
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(dataDir);
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, link, file }, 'mail written to the outbox (no SMTP_URL): follow its link');
    },
    close: () => transport.close(),
  };
}
