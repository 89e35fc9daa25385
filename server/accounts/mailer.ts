import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail through nodemailer: over SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox/ (inspectable mail for development and tests).
 * Delivery happens after the request has been answered, so the answer's timing does not tell
 * whether a message was sent (no account enumeration through password resets).
 */
export class Mailer {
  private readonly transport;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly options: {
      smtpUrl: string | null;
      from: string;
      outboxDir: string;
      log: FastifyBaseLogger;
    },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Queues a message; failures are logged (without the message, which may hold a token). */
  deliver(message: MailMessage): void {
    const sending = this.send(message)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'e-mail delivery failed');
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every queued message has been handed over (graceful shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.from, ...message });
    if (this.options.smtpUrl) return;
    const raw = (info as { message?: unknown }).message;
    if (!Buffer.isBuffer(raw)) throw new Error('the stream transport returned no message');
    await mkdir(this.options.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    // Written under a temporary name first, so a reader of the outbox never sees half a message.
    const temporary = path.join(this.options.outboxDir, `.${name}.tmp`);
    await writeFile(temporary, raw, { mode: 0o600 });
    await rename(temporary, path.join(this.options.outboxDir, name));
  }
}
