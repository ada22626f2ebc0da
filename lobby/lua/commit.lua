-- KEYS: room hash, room log, the table's followers (zset: lobby process id
-- -> lease expiry ms) and (one Redis, not a cluster, where it lives on
-- another slot) the timer index.  ARGV: expected version, doc, channel, log
-- record or "", ttl seconds of the table (0: none), publish command (SPUBLISH
-- or PUBLISH), ttl seconds of the log (kept longer, for replays), the commit
-- id the table must be at ("": any; a commit chained on one still in flight
-- names it, since its version alone could be another writer's), this
-- commit's id, the table's next due time ("": none) and its id (with
-- KEYS[4]: the timer hint is set to exactly that, atomically with the
-- commit, so it is never early or late), the committing process's id and
-- the time now (ms).  The version is published only when a process other
-- than the committer follows the table (the committer delivers from
-- memory).  Returns {new version}, or {-current version, current doc,
-- current commit id} on conflict (so the loser retries without another
-- read, and a re-sent commit that had landed knows itself; {0, false}: no
-- such table).
local cur = redis.call('HMGET', KEYS[1], 'v', 'doc', 'c')
local v = tonumber(cur[1] or '0')
if v ~= tonumber(ARGV[1]) or (ARGV[8] ~= '' and cur[3] ~= ARGV[8]) then return {-v, cur[2], cur[3]} end
local nv = v + 1
redis.call('HSET', KEYS[1], 'v', nv, 'doc', ARGV[2], 'c', ARGV[9])
if ARGV[4] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[4]) end
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[7]))
end
if KEYS[4] then
  if ARGV[10] == '' then redis.call('ZREM', KEYS[4], ARGV[11])
  else redis.call('ZADD', KEYS[4], ARGV[10], ARGV[11]) end
end
local others = redis.call('ZCOUNT', KEYS[3], ARGV[13], '+inf')
if others > 0 then
  local mine = redis.call('ZSCORE', KEYS[3], ARGV[12])
  if mine and tonumber(mine) >= tonumber(ARGV[13]) then others = others - 1 end
end
if others > 0 then redis.call(ARGV[6], ARGV[3], struct.pack('>I8', nv) .. ARGV[2]) end
return {nv}
