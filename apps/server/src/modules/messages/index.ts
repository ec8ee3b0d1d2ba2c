import type { Database, Db } from '../../database.ts';
import type { OpsAccess } from '../../ops-access.ts';
import type { ServerModule } from '../../platform/http/server-module.ts';
import { messagesConsumer } from './messages.consumer.ts';
import { registerMessagesOpsRoutes, registerMessagesRoutes } from './messages.routes.ts';

export { seedDemoMessages } from './messages.service.ts';

/**
 * Platform messages: the member's inbox (unread count, list, read, delete), the back office's send,
 * list and withdraw (`members.messages`), and the gateway's own messages written from other modules'
 * events (messages.consumer.ts). Owns member_message, member_message_state and member_inbox.
 */
export interface MessagesModuleDeps {
  db: Db;
  merchantCode: string;
  /** Back-office access; undefined without a back office (the /ops calls are then not registered). */
  ops: OpsAccess | undefined;
}

export const messagesModule: ServerModule<MessagesModuleDeps, Database> = {
  name: 'messages',
  consumers: () => [messagesConsumer()],
  register: (app, deps) => {
    const clock = () => new Date();
    registerMessagesRoutes(app, { db: deps.db, clock });
    if (deps.ops)
      registerMessagesOpsRoutes(app, { db: deps.db, clock, merchantCode: deps.merchantCode, ops: deps.ops });
  },
};
