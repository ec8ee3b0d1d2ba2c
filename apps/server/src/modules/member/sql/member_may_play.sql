-- member_may_play: whether a member may stake money now: an ACTIVE member (a locked or closed one
-- may not). The one copy of the rule: memberMayPlay (member-desk.service.ts) asks it, and the vendor
-- wallet's one-statement debit (games/sql/vendor_debit_apply.sql) asks it in its own statement, so a
-- debit reads the status fresh without a round trip of its own.
-- First created by the repeatable step (platform/db/database-functions.ts) for this file; this file
-- is its current definition, applied whenever it changes.
create or replace function member_may_play(p_member integer) returns boolean
language plpgsql stable as $$
begin
  return exists (select 1 from member m where m.id = p_member and m.status = 'ACTIVE');
end $$;
