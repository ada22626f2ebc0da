-- KEYS: player hash, settled-games set.  ARGV: settlement id, coin delta,
-- ttl of the settled set (s), the player's balance channel, the publish
-- command (SPUBLISH or PUBLISH), then stat field / increment pairs.  Applies
-- a game's coins and stats to one player exactly once (idempotent by id),
-- and when the balance changed publishes it (decimal) on the player's
-- channel, in the order of the changes.  Returns {1 if applied now else 0,
-- balance after}.  A guest's record (kept only while its token lives) is
-- kept for good from its first settled game.
-- Published bytes (a Balance): lobby/channels.py defines them.
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return {0, tonumber(redis.call('HGET', KEYS[1], 'coins') or '0')}
end
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('PERSIST', KEYS[1])  -- a guest's first settled game keeps its record for good
local c = redis.call('HINCRBY', KEYS[1], 'coins', ARGV[2])
for i = 6, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
if tonumber(ARGV[2]) ~= 0 then redis.call(ARGV[5], ARGV[4], tostring(c)) end
return {1, c}
