-- KEYS: the arena's pool (zset), players (hash), tables (zset), the arena's
-- hash (``v`` one more when a group is taken).  ARGV: the
-- new table id, the time now (ms), then the pids of one group.  Takes the
-- whole group out of the pool only if every one of them is still in it:
-- each is marked at the table (``<pid>:at``), its last opponents set
-- (``<pid>:opp``, the others, comma-joined), and the table is added to the
-- arena's tables, its players kept (``table:<id>``, comma-joined).  Returns 1, or 0 (nothing written) when one is gone.
for i = 3, #ARGV do
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end
end
for i = 3, #ARGV do
  local others = {}
  for j = 3, #ARGV do
    if j ~= i then others[#others + 1] = ARGV[j] end
  end
  redis.call('ZREM', KEYS[1], ARGV[i])
  redis.call('HSET', KEYS[2], ARGV[i] .. ':at', ARGV[1], ARGV[i] .. ':opp', table.concat(others, ','))
end
local all = {}
for i = 3, #ARGV do all[#all + 1] = ARGV[i] end
redis.call('HSET', KEYS[2], 'table:' .. ARGV[1], table.concat(all, ','))
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
redis.call('HINCRBY', KEYS[4], 'v', 1)
return 1
