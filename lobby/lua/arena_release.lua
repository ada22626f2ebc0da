-- KEYS: the arena's pool (zset), players (hash), tables (zset), the arena's
-- hash (``v`` one more).  ARGV: a
-- table id, the time now (ms), "1" while the arena still pairs.  The
-- table was never started (its pairing process died): each of its players
-- (``table:<id>``) still marked at it goes back to the pool (unless
-- paused, or the arena no longer pairs), and the table leaves the arena's
-- tables.  Returns how many went back.
local n = 0
local pids = redis.call('HGET', KEYS[2], 'table:' .. ARGV[1]) or ''
for pid in string.gmatch(pids, '[^,]+') do
  if redis.call('HGET', KEYS[2], pid .. ':at') == ARGV[1] then
    redis.call('HDEL', KEYS[2], pid .. ':at')
    if ARGV[3] == '1' and not redis.call('HGET', KEYS[2], pid .. ':paused') then
      redis.call('ZADD', KEYS[1], ARGV[2], pid)
      n = n + 1
    end
  end
end
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[2], 'table:' .. ARGV[1])
redis.call('HINCRBY', KEYS[4], 'v', 1)
return n
