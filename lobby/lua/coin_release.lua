-- KEYS: a player's coin-table key (or a quick-match kind's key).  ARGV:
-- table id.  Deletes it if it names that table.
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then return redis.call('DEL', KEYS[1]) end
return 0
