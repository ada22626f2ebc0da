-- KEYS: the arena's points (zset), players (hash).  ARGV: how many of the
-- top, a pid whose row is wanted too ('' for none).  Reads the standings
-- at one instant (a game scored meanwhile shows whole or not at all): ten
-- values per row, the top's rows first, then the pid's unless it is in the
-- top or not in the standings: rank (from 1), pid, points, then its name,
-- games, wins, streak, sheet, paused, table (each nil where unset).
local out = {}
local seen = false
local function row(rank, pid, pts)
  local v = redis.call('HMGET', KEYS[2], pid .. ':name', pid .. ':games', pid .. ':wins', pid .. ':streak', pid .. ':sheet', pid .. ':paused', pid .. ':at')
  out[#out + 1] = rank
  out[#out + 1] = pid
  out[#out + 1] = pts
  for i = 1, 7 do out[#out + 1] = v[i] end
end
local top = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
for i = 1, #top, 2 do
  if top[i] == ARGV[2] then seen = true end
  row((i + 1) / 2, top[i], top[i + 1])
end
if ARGV[2] ~= '' and not seen then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[2])
  if rank then row(rank + 1, ARGV[2], redis.call('ZSCORE', KEYS[1], ARGV[2])) end
end
return out
