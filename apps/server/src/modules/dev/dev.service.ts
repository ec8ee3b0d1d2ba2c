import type { Db } from '../../database.ts';
import { asOutboxDb, listOutboxMessages } from '../../platform/providers/outbox.repository.ts';
import type { OutboxChannel } from '../../platform/providers/outbox.table.ts';

/**
 * DEVELOPMENT AND TESTS ONLY (never registered with NODE_ENV=production): what the sandbox providers
 * "sent", and the answers of recent captchas, so a developer or an e2e test can finish flows that
 * need a phone, a mailbox or human eyes.
 */
export interface OutboxMessage {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

export type OutboxFilter = {
  recipient?: string | undefined;
  channel?: OutboxChannel | undefined;
  limit?: number | undefined;
};

export async function readOutbox(db: Db, query: OutboxFilter): Promise<OutboxMessage[]> {
  const rows = await listOutboxMessages(asOutboxDb(db), {
    // Sandbox e-mail recipients are stored lower-cased; SMS recipients are E.164.
    ...(query.recipient !== undefined
      ? { recipient: query.recipient.includes('@') ? query.recipient.toLowerCase() : query.recipient }
      : {}),
    ...(query.channel !== undefined ? { channel: query.channel } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
  });
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Answers of the most recent captchas, in memory, bounded. */
export class CaptchaAnswerLog {
  readonly #answers = new Map<string, string>();
  constructor(private readonly capacity = 1000) {}

  record = (captchaId: string, answer: string): void => {
    this.#answers.set(captchaId, answer);
    if (this.#answers.size > this.capacity) {
      const oldest = this.#answers.keys().next().value;
      if (oldest !== undefined) this.#answers.delete(oldest);
    }
  };

  answer(captchaId: string): string | undefined {
    return this.#answers.get(captchaId);
  }
}

/** What the dev routes use: the outbox of this database and the captcha answers of this process. */
export interface DevService {
  outbox(query: OutboxFilter): Promise<OutboxMessage[]>;
  captchaAnswer(captchaId: string): string | undefined;
}

export const createDevService = (db: Db, captchas: CaptchaAnswerLog): DevService => ({
  outbox: (query) => readOutbox(db, query),
  captchaAnswer: (captchaId) => captchas.answer(captchaId),
});
