import { insertOutboxMessage, type OutboxDb } from './outbox.repository.ts';
import type { EmailMessage, EmailProvider, SmsMessage, SmsProvider } from './providers.ts';

/**
 * SANDBOX ONLY: sends nothing. Writes each SMS to the outbox table, where a developer's dev page and
 * the e2e tests read the codes. Never wire this in production mode.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox-sms';
  constructor(private readonly db: OutboxDb) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutboxMessage(this.db, {
      channel: 'sms',
      recipient: message.to,
      subject: null,
      body: message.body,
    });
  }
}

/** SANDBOX ONLY: sends nothing. Writes each e-mail to the outbox table. */
export class SandboxEmailProvider implements EmailProvider {
  readonly name = 'sandbox-email';
  constructor(private readonly db: OutboxDb) {}

  async send(message: EmailMessage): Promise<void> {
    await insertOutboxMessage(this.db, {
      channel: 'email',
      recipient: message.to.toLowerCase(),
      subject: message.subject,
      body: message.body,
    });
  }
}
