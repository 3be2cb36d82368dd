import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';
import { APIError } from 'better-auth/api';

/** Auth paths where an identity provider vouches for the person (the sign-in start and its callback). */
const PROVIDER_PATHS = /^\/api\/auth\/(?:callback\/|oauth2\/callback\/|sign-in\/social|sign-in\/oauth2)/;

const providerFlow = new AsyncLocalStorage<boolean>();

/** Runs an auth request, remembering whether it belongs to a sign-in through an identity provider. */
export function runAuthRequest<T>(request: Request, handle: () => Promise<T>): Promise<T> {
  return providerFlow.run(PROVIDER_PATHS.test(new URL(request.url).pathname), handle);
}

/** Whether the auth request under way is a sign-in through an identity provider (else: a local account). */
export function isProviderFlow(): boolean {
  return providerFlow.getStore() === true;
}

/** The unique index that makes one local account per address (migration 0003). */
const LOCAL_EMAIL_INDEX = 'users_local_email_idx';

function isLocalEmailTaken(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === LOCAL_EMAIL_INDEX || String(cause).includes(LOCAL_EMAIL_INDEX))) {
      return true;
    }
  }
  return false;
}

/**
 * A local sign-up that lost a race for its address (the unique index refused the second account) is
 * answered exactly as a sign-up with an address already in use.
 */
function answerRacedSignUps(adapter: Adapter): Adapter['create'] {
  const create = adapter.create.bind(adapter);
  return (async (data: Parameters<Adapter['create']>[0]) => {
    try {
      return await create(data);
    } catch (error) {
      if (data.model === 'user' && isLocalEmailTaken(error)) {
        throw new APIError('UNPROCESSABLE_ENTITY', {
          code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: 'User already exists. Use another email.',
        });
      }
      throw error;
    }
  }) as Adapter['create'];
}

function emailOf(where: Where[]): string | null {
  const [clause] = where;
  if (where.length !== 1 || !clause || clause.field !== 'email') return null;
  if (clause.operator && clause.operator !== 'eq') return null;
  return typeof clause.value === 'string' ? clause.value : null;
}

type Adapter = DBTransactionAdapter;

/**
 * Accounts are keyed on (provider, subject); an e-mail address alone never links two accounts.
 * The auth library looks a person up by e-mail address in two places, and both are narrowed here:
 * - a sign-in through an identity provider finds its account by (provider, subject) only, so an
 *   address some local account already uses neither links to that account nor blocks the sign-in
 *   (the person gets an account of their own);
 * - local sign-up and sign-in see only local accounts (those with a password), so an address a
 *   provider account carries neither blocks a local sign-up nor answers a password sign-in.
 */
function narrowEmailLookups(adapter: Adapter): Adapter['findOne'] {
  const findOne = adapter.findOne.bind(adapter);
  return (async (data: Parameters<Adapter['findOne']>[0]) => {
    const email = data.model === 'user' ? emailOf(data.where) : null;
    if (email === null) return findOne(data);
    if (providerFlow.getStore()) return null;
    const candidates = await adapter.findMany<{ id: string }>({
      model: 'user',
      where: data.where,
      select: ['id'],
      sortBy: { field: 'createdAt', direction: 'asc' },
    });
    for (const candidate of candidates) {
      const password = await adapter.findOne({
        model: 'account',
        where: [
          { field: 'userId', value: candidate.id },
          { field: 'providerId', value: 'credential' },
        ],
        select: ['id'],
      });
      if (password) return findOne({ ...data, where: [{ field: 'id', value: candidate.id }] });
    }
    return null;
  }) as Adapter['findOne'];
}

/**
 * Wraps the database adapter (and every transaction it opens) with the narrowed e-mail lookups and the
 * answer to a raced sign-up.
 */
export function keyAccountsOnSubject(
  adapter: (options: BetterAuthOptions) => DBAdapter,
): (options: BetterAuthOptions) => DBAdapter {
  return (options) => {
    const inner = adapter(options);
    return {
      ...inner,
      findOne: narrowEmailLookups(inner),
      create: answerRacedSignUps(inner),
      transaction: (callback) =>
        inner.transaction((trx) =>
          callback({ ...trx, findOne: narrowEmailLookups(trx), create: answerRacedSignUps(trx) }),
        ),
    };
  };
}
