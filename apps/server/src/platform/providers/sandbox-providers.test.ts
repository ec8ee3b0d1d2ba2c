import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { asOutboxDb, listOutboxMessages } from './outbox.repository.ts';
import { SandboxEmailProvider, SandboxSmsProvider } from './sandbox-providers.ts';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('sandbox providers', () => {
  it('write every SMS and e-mail to the outbox, newest first, filterable by recipient', async () => {
    const db = asOutboxDb(handle.db);
    const sms = new SandboxSmsProvider(db);
    const email = new SandboxEmailProvider(db);
    await sms.send({ to: '+5511987654321', body: 'code 123456' });
    await sms.send({ to: '+5511987654321', body: 'code 654321' });
    await email.send({ to: 'Maria@Example.com', subject: 'Password', body: 'temp Abc123' });

    const forPhone = await listOutboxMessages(db, { recipient: '+5511987654321' });
    expect(forPhone.map((m) => m.body)).toEqual(['code 654321', 'code 123456']);
    expect(forPhone[0]!.channel).toBe('sms');

    const mails = await listOutboxMessages(db, { channel: 'email' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: 'maria@example.com',
      subject: 'Password',
      body: 'temp Abc123',
    });
    expect(mails[0]!.created_at).toBeInstanceOf(Date);
    expect(sms.name).toContain('sandbox');
  });
});
