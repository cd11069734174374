/**
 * Account recovery and email verification (issue 18): 'Forgot password?' mails a single-use reset link
 * (valid PASSWORD_RESET_LINK_TTL_MINUTES) and answers the same, in the same time, whether or not the email
 * has an account; the link sets a new password and signs every session of the user out. Registration
 * mails a verification link (valid EMAIL_VERIFICATION_LINK_TTL_HOURS); using it marks the account
 * verified; a signed-in, unverified user may ask for a new one. Requests for mail are throttled per
 * account and per address (auth/throttle.ts). The mails go after the answer (mail/account-mail.ts).
 */
import { sql } from 'kysely';
import { emailKey, MESSAGES } from 'shared-contracts';
import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { accountTokenUser, useAccountToken, voidAccountTokens } from '../../auth/account-tokens';
import { currentUser } from '../../auth/guards';
import { hashPassword } from '../../auth/passwords';
import { NOW } from '../../db/now';
import { badRequest, conflict, notFound } from '../../http/errors';

const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

export function registerAccountEmailRoutes(app: ZodApp, { db, guards, throttle, accountMail }: AppContext): void {
  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a single-use password reset link: the same answer (202) whether or not the email has an account',
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const key = emailKey(request.body.email);
      await throttle.mailRequest('reset', key, request.ip);
      // Looked up and mailed after the answer: nothing in it (status, words, time) depends on the account.
      accountMail.passwordResetFor(key);
      reply.code(202);
      return { message: MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: "Set a new password with a reset link's token: every session of the user is signed out",
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      // An unknown, used or expired link costs no password hash.
      if ((await accountTokenUser(db, token, 'reset_password')) === null) throw badRequest(MESSAGES.accountLinkInvalid, 'token');
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction().execute(async (trx) => {
        // Used once: of two uses at once, one wins; the other finds it used.
        const id = await useAccountToken(trx, token, 'reset_password');
        if (id === null) return null;
        // A new token version: every token of the user (every session) is refused from now on.
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: NOW }))
          .where('id', '=', id)
          .execute();
        // The user's other reset links stop working too.
        await voidAccountTokens(trx, id, 'reset_password');
        return id;
      });
      if (userId === null) throw badRequest(MESSAGES.accountLinkInvalid, 'token');
      await guards.userChanged(userId);
      return { message: MESSAGES.passwordResetDone };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags,
        summary: "Mark the account of a verification link's token verified (single use)",
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const userId = await db.transaction().execute(async (trx) => {
        const id = await useAccountToken(trx, request.body.token, 'verify_email');
        if (id === null) return null;
        await trx
          .updateTable('users')
          .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
          .where('id', '=', id)
          .execute();
        await voidAccountTokens(trx, id, 'verify_email');
        return id;
      });
      if (userId === null) throw badRequest(MESSAGES.accountLinkInvalid, 'token');
      return { message: MESSAGES.emailVerified };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Mail the signed-in user a new verification link (409 once verified)',
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const user = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'email_verified_at'])
        .where('id', '=', me.id)
        .executeTakeFirst();
      if (!user) throw notFound(MESSAGES.userNotFound);
      if (user.email_verified_at !== null) throw conflict(MESSAGES.alreadyVerified);
      await throttle.mailRequest('verify', `user:${user.id}`, request.ip);
      accountMail.verificationFor(user);
      reply.code(202);
      return { message: MESSAGES.verificationSent };
    },
  );
}
