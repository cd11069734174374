/** Sign-in, sign-up, the caller's profile and password (DESIGN.md §7, auth rows). */
import { emailKey, MESSAGES } from 'shared-contracts';
import {
  authResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  registerRequestSchema,
} from 'shared-contracts/schemas';
import type { AppContext, ZodApp } from '../../app-context';
import { NOW } from '../../db/now';
import { registerAccountEmailRoutes } from './account-email';
import { currentUser } from '../../auth/guards';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { toAccountUser } from '../../http/dto';
import { badRequest, conflict, isPgError, notFound, PG_UNIQUE_VIOLATION, unauthorized } from '../../http/errors';

const USER_COLUMNS = ['id', 'name', 'email', 'address', 'role', 'created_at', 'updated_at', 'email_verified_at'] as const;
const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];

export function registerAuthRoutes(app: ZodApp, context: AppContext): void {
  const { db, guards, throttle, accountMail } = context;
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email, password and the chosen role',
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => {
      const { email, password, role } = request.body;
      // Only settled failures count; parallel attempts wait their turn (auth/throttle.ts, DESIGN.md §9).
      const attempt = await throttle.beginLoginAttempt(emailKey(email), request.ip);
      try {
        const user = await db
          .selectFrom('users')
          .select([...USER_COLUMNS, 'password_hash', 'token_version'])
          .where('email_key', '=', emailKey(email))
          .executeTakeFirst();
        const passwordOk = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
        // One answer for a wrong password, an unknown email and a role that is not the account's.
        if (!user || !passwordOk || user.role !== role) {
          await attempt.failed();
          throw unauthorized(MESSAGES.invalidCredentials);
        }
        await attempt.succeeded();
        return { message: MESSAGES.loginSucceeded, token: guards.issueToken(user), user: toAccountUser(user) };
      } finally {
        // The database away or the server busy: no verdict, nothing counted.
        await attempt.abandoned();
      }
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a customer account (always normal_user) and sign it in',
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, email, address, password } = request.body;
      await throttle.registerAttempt(emailKey(email), request.ip);
      const taken = await db.selectFrom('users').select('id').where('email_key', '=', emailKey(email)).executeTakeFirst();
      if (taken) throw conflict(MESSAGES.emailTaken, 'email');

      const passwordHash = await hashPassword(password);
      try {
        const user = await db
          .insertInto('users')
          .values({ name, email, email_key: emailKey(email), address, password_hash: passwordHash, role: 'normal_user' })
          .returning([...USER_COLUMNS, 'token_version'])
          .executeTakeFirstOrThrow();
        // The verification link goes out after the answer, which stays as it was (issue 18).
        accountMail.verificationFor(user);
        reply.code(201);
        return { message: MESSAGES.registrationSucceeded, token: guards.issueToken(user), user: toAccountUser(user) };
      } catch (error) {
        if (isPgError(error, PG_UNIQUE_VIOLATION)) throw conflict(MESSAGES.emailTaken, 'email');
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/profile',
    {
      onRequest: guards.signedIn,
      schema: { tags, security: bearer, summary: 'The signed-in user', response: { 200: profileResponseSchema } },
    },
    async (request) => {
      const user = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', currentUser(request).id).executeTakeFirst();
      if (!user) throw notFound(MESSAGES.userNotFound);
      return { user: toAccountUser(user) };
    },
  );

  app.put(
    '/api/auth/profile',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Change name and address',
        body: profileUpdateRequestSchema,
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (request) => {
      const { name, address } = request.body;
      const user = await db
        .updateTable('users')
        .set({ name, address, updated_at: NOW })
        .where('id', '=', currentUser(request).id)
        .returning(USER_COLUMNS)
        .executeTakeFirst();
      if (!user) throw notFound(MESSAGES.userNotFound);
      await guards.userChanged(user.id);
      return { message: MESSAGES.profileUpdated, user: toAccountUser(user) };
    },
  );

  app.put(
    '/api/auth/password',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the password: every older token stops working, the answer carries a new one',
        body: passwordChangeRequestSchema,
        response: { 200: passwordChangeResponseSchema },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const me = currentUser(request);
      // Wrong current passwords are throttled like sign-ins: a stolen token is not a password oracle.
      const attempt = await throttle.beginPasswordChange(me.id);
      try {
        const row = await db.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirst();
        if (!row) throw notFound(MESSAGES.userNotFound);
        if (!(await verifyPassword(row.password_hash, currentPassword))) {
          await attempt.failed();
          throw badRequest(MESSAGES.currentPasswordIncorrect, 'currentPassword');
        }
        const passwordHash = await hashPassword(newPassword);
        // Only from the token version this request was signed in with: of several changes at once,
        // one wins and the others' tokens are dead (401), as they would be on their next request.
        const updated = await db
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: NOW }))
          .where('id', '=', me.id)
          .where('token_version', '=', me.tokenVersion)
          .returning(['id', 'token_version'])
          .executeTakeFirst();
        if (!updated) throw unauthorized(MESSAGES.invalidToken);
        await attempt.succeeded();
        await guards.userChanged(me.id);
        return { message: MESSAGES.passwordUpdated, token: guards.issueToken(updated) };
      } finally {
        await attempt.abandoned();
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: guards.signedIn,
      schema: {
        tags,
        security: bearer,
        summary: "Sign out this token: it is refused from now on; the user's other sessions (other devices) go on",
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { id, token } = currentUser(request);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('revoked_tokens')
          .values({ jti: token.jti, user_id: id, expires_at: token.expiresAt })
          .onConflict((oc) => oc.column('jti').doNothing())
          .execute();
        // Signed-out tokens that have expired since are refused anyway: forget them.
        await trx.deleteFrom('revoked_tokens').where('expires_at', '<', NOW).execute();
      });
      await guards.userChanged(id);
      return { message: MESSAGES.loggedOut };
    },
  );

  registerAccountEmailRoutes(app, context);
}
