-- KEYS[1] a counter; ARGV[1] what to add, ARGV[2] its window (s).  Add to
-- the counter; a counter with no expiry (new) gets the window, in one step:
-- a fixed window from the first count.  (EXPIRE's NX option would do this
-- on Redis 7; the embedded Redis may be 6.2.)
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return n
