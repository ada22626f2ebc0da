-- KEYS: a table's chat names hash (player id -> name NUL shown; field ''
-- holds the hash's version).  ARGV: the version the names were read at,
-- player id, name NUL shown, expiry (s).  Keeps the name and bumps the
-- version only if no other name was kept since that read; replies 1 if
-- kept, 0 if the names changed meanwhile (read them again).
local v = redis.call('HGET', KEYS[1], '') or '0'
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3], '', tostring(tonumber(v) + 1))
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
