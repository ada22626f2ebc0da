-- KEYS: room hash, room log.  Returns {version, doc snapshot, ready marks,
-- the records after the snapshot...} (the snapshot is of version ``d``, the
-- records the log's last ``v - d``: see commit.lua), read atomically, or
-- {false} when there is no such table.
local cur = redis.call('HMGET', KEYS[1], 'v', 'doc', 'r', 'd')
if not cur[1] or not cur[2] then return {false} end
local out = {cur[1], cur[2], cur[3]}
local v = tonumber(cur[1])
local d = tonumber(cur[4] or v)
if d < v then
  for _, rec in ipairs(redis.call('LRANGE', KEYS[2], d - v, -1)) do out[#out + 1] = rec end
end
return out
