-- KEYS: timers.  ARGV: member, now, lease-until.  Claims a due entry.
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not s or tonumber(s) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
