import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** A mail body as written: quoted-printable soft breaks joined and escapes decoded (the text is ASCII or UTF-8). */
function decodeBody(body: string, quotedPrintable: boolean): string {
  if (!quotedPrintable) return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The mails in a data directory's outbox (no SMTP configured), oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const raw = (await fs.readFile(path.join(dir, name), 'utf8')).replace(/\r\n/g, '\n');
    const split = raw.indexOf('\n\n');
    const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
    const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
    mails.push({
      to: header('To'),
      subject: header('Subject'),
      text: decodeBody(raw.slice(split + 2), /quoted-printable/i.test(header('Content-Transfer-Encoding'))),
    });
  }
  return mails;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: OutboxMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in "${mail.subject}"`);
  return link;
}
