-- KEYS: the arena's done set, points (zset), players (hash), pool (zset),
-- tables (zset), the arena's hash (its ``v``: the standings' version, one
-- more after each change).  ARGV: the settlement id, the table id, the time now (ms),
-- "1" while the arena still pairs (else "0"), then per player four values:
-- pid, base points, "1" for a win, "1" for a leaver.  Scores one finished
-- game once: only if the settlement id is new to the done set, each
-- player's points (doubled when the player's streak before this game is 2
-- or more; 0 for a leaver), streak (one more after a win, else 0), games,
-- wins and sheet are added; each one still marked at this table is given
-- back to the pool (a leaver is paused instead; nobody once the arena no
-- longer pairs); the table leaves the arena's tables.  Returns 1, or 0 when
-- that settlement was scored already.
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
for i = 5, #ARGV, 4 do
  local pid, base = ARGV[i], tonumber(ARGV[i + 1])
  local win, left = ARGV[i + 2] == '1', ARGV[i + 3] == '1'
  local streak = tonumber(redis.call('HGET', KEYS[3], pid .. ':streak') or '0')
  local pts = base
  if streak >= 2 then pts = pts * 2 end
  if left then pts = 0 end
  if win and not left then streak = streak + 1 else streak = 0 end
  redis.call('HSET', KEYS[3], pid .. ':streak', streak)
  redis.call('HINCRBY', KEYS[3], pid .. ':games', 1)
  if win and not left then redis.call('HINCRBY', KEYS[3], pid .. ':wins', 1) end
  redis.call('ZINCRBY', KEYS[2], pts, pid)
  local sheet = redis.call('HGET', KEYS[3], pid .. ':sheet')
  redis.call('HSET', KEYS[3], pid .. ':sheet', (sheet and sheet ~= '') and (sheet .. ',' .. pts) or tostring(pts))
  if redis.call('HGET', KEYS[3], pid .. ':at') == ARGV[2] then
    redis.call('HDEL', KEYS[3], pid .. ':at')
    if left then
      redis.call('HSET', KEYS[3], pid .. ':paused', '1')
    elseif ARGV[4] == '1' and not redis.call('HGET', KEYS[3], pid .. ':paused') then
      redis.call('ZADD', KEYS[4], ARGV[3], pid)
    end
  end
end
redis.call('ZREM', KEYS[5], ARGV[2])
redis.call('HDEL', KEYS[3], 'table:' .. ARGV[2])
redis.call('HINCRBY', KEYS[6], 'v', 1)
return 1
