-- KEYS: an owner's opened-tables zset.  ARGV: cap, table id, created ms, ttl
-- seconds.  Adds the table if the owner holds fewer than cap; 1 if added.
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
