import { defineEvent } from '../../platform/events/event-catalogue.ts';

/**
 * A member registered (the registration form, username or mobile mode), recorded in the transaction
 * that creates the row, keyed by the member id. For consumers such as agent team counts and referral
 * rewards; `parentId` is the inviting agent (affiliate code), if any.
 */
export const memberRegistered = defineEvent<{
  memberId: number;
  merchantCode: string;
  parentId: number | null;
  mode: string;
}>('member.registered');
