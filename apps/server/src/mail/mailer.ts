import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config/config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail through SMTP when the operator configured it; otherwise writes each message as an
 * .eml file into the outbox folder, where it can be read or relayed later.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #config: Config['mail'];

  constructor(config: Config['mail']) {
    this.#config = config;
    this.#transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: Mail): Promise<{ delivered: 'smtp' | 'outbox'; file?: string }> {
    const info = (await this.#transport.sendMail({ from: this.#config.from, ...mail })) as {
      message?: Buffer;
    };
    if (this.#config.smtpUrl) return { delivered: 'smtp' };
    await fs.mkdir(this.#config.outboxDir, { recursive: true });
    const file = path.join(
      this.#config.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
    );
    await fs.writeFile(file, info.message ?? Buffer.alloc(0));
    return { delivered: 'outbox', file };
  }
}
