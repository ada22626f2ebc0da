-- KEYS: room hash, the table's followers.  ARGV: game number, seat, the
-- table's channel, publish command, the marking process's id, the time now
-- (ms).  A ready mark of a finished table's next game is kept beside the
-- doc, not in it: the hash's ``r`` (``<game no>:<0|1 per seat>``, set by
-- the commit that opens the next game, deleted by the one that ends it;
-- "-" a seat nobody holds, which no mark sets) is
-- changed without a new version, and published (READY_MARK, then the
-- marks) only where another process follows the table.  Returns the marks
-- after, or nil when no next game numbered so is open.
-- Published bytes (ReadyMarks): lobby/channels.py defines them.
local r = redis.call('HGET', KEYS[1], 'r')
if not r then return false end
local sep = string.find(r, ':', 1, true)
if not sep or string.sub(r, 1, sep - 1) ~= ARGV[1] then return false end
local i = sep + 1 + tonumber(ARGV[2])
if i > #r then return false end
if string.sub(r, i, i) == '-' then return false end  -- a seat nobody holds now
if string.sub(r, i, i) ~= '1' then
  r = string.sub(r, 1, i - 1) .. '1' .. string.sub(r, i + 1)
  redis.call('HSET', KEYS[1], 'r', r)
  local others = redis.call('ZCOUNT', KEYS[2], ARGV[6], '+inf')
  if others > 0 then
    local mine = redis.call('ZSCORE', KEYS[2], ARGV[5])
    if mine and tonumber(mine) >= tonumber(ARGV[6]) then others = others - 1 end
  end
  if others > 0 then redis.call(ARGV[4], ARGV[3], string.rep('\255', 8) .. r) end
end
return r
