-- KEYS: the arenas a player created that are not over (zset: arena id ->
-- end ms).  ARGV: the cap, the new arena's id, its end (ms), the time now
-- (ms), the key's lifetime (s).  Drops the arenas over by now, then adds
-- the new one if fewer than the cap are left.  Returns 1 if added, else 0.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[4])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
