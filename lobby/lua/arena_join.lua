-- KEYS: the arena's pool (zset), points (zset), players (hash), the arena's
-- hash (``v`` one more).  ARGV: the
-- pid, the player's name, the time now (ms).  Joins (or resumes) a player:
-- named, in the standings (points kept), not paused, and in the pool
-- unless at one of the arena's tables (then the pool takes them back when
-- that game is scored).  Returns 1 when now in the pool, else 0.
redis.call('ZADD', KEYS[2], 'NX', 0, ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1] .. ':name', ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[1] .. ':paused')
redis.call('HINCRBY', KEYS[4], 'v', 1)
if redis.call('HGET', KEYS[3], ARGV[1] .. ':at') then return 0 end
redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[1])
return 1
