-- domain_event_partition: partitionOf (event-catalogue.ts) in SQL: FNV-1a over UTF-16 code units,
-- EVENT_PARTITIONS = 16. ledger.function.test.ts holds the two equal.
-- First created by migration 202611241000-ledger-transfer-function; this file is its current
-- definition, applied by the repeatable step (platform/db/database-functions.ts) whenever the file
-- changes.
create or replace function domain_event_partition(p_key text) returns smallint
language plpgsql immutable strict as $$
declare
  h bigint := 2166136261; -- FNV-1a offset basis 0x811c9dc5; arithmetic mod 2^32 like Math.imul
  cp integer;
begin
  for i in 1 .. char_length(p_key) loop
    cp := ascii(substr(p_key, i, 1));
    if cp > 65535 then
      -- JavaScript's charCodeAt sees a surrogate pair: hash both halves.
      h := ((h # (55296 + ((cp - 65536) >> 10))) * 16777619) & 4294967295;
      h := ((h # (56320 + ((cp - 65536) & 1023))) * 16777619) & 4294967295;
    else
      h := ((h # cp) * 16777619) & 4294967295;
    end if;
  end loop;
  return (h % 16)::smallint;
end $$;
