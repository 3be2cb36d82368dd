import type { FastifyReply, FastifyRequest } from 'fastify';

const CREATED_COOKIE = 'createdMusics';

function createdToday(raw: string | undefined): string[] {
  try {
    const list = JSON.parse(raw ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string').slice(-50) : [];
  } catch {
    return [];
  }
}

/** docs/PRODUCT.md#entities creation cookie: the ids of the songs created today, kept one day; raps and covers add theirs. */
export function recordCreatedMusic(
  request: FastifyRequest,
  reply: FastifyReply,
  musicId: string,
  secure: boolean,
): void {
  reply.setCookie(
    CREATED_COOKIE,
    JSON.stringify([...createdToday(request.cookies[CREATED_COOKIE]), musicId]),
    {
      maxAge: 24 * 3600,
      path: '/',
      secure,
      sameSite: 'strict',
      httpOnly: false,
    },
  );
}
