-- KEYS: a player's coin-table key (or a quick-match kind's key).  ARGV:
-- "table|ms" to set, the exact value expected now ("" for none), the table
-- id.  Sets it if it still holds what the caller checked, or already names
-- that table.  Returns 1 if it does now.
local v = redis.call('GET', KEYS[1])
if (v and string.sub(v, 1, #ARGV[3] + 1) == ARGV[3] .. '|') or (not v and ARGV[2] == '') or v == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
return 0
