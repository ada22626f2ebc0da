-- KEYS: room hash, room log, the table's followers (zset: lobby process id
-- -> lease expiry ms) and (one Redis, not a cluster, where it lives on
-- another slot) the timer index.  ARGV: expected version, doc ("": an
-- appended version: the record alone is written, the hash's doc stays the
-- snapshot of version ``d``, and the records after ``d`` are the log's last
-- ``v - d``), channel, log record or "", ttl seconds of the table (0: none), publish command (SPUBLISH
-- or PUBLISH), ttl seconds of the log (kept longer, for replays), the commit
-- id the table must be at ("": any; a commit chained on one still in flight
-- names it, since its version alone could be another writer's), this
-- commit's id, the table's next due time ("": none) and its id (with
-- KEYS[4]: the timer hint is set to exactly that, atomically with the
-- commit, so it is never early or late), the committing process's id and
-- the time now (ms), and (one Redis only) the game's payout and history
-- writes to run once the compare-and-set passed: msgpack ops, see
-- Store._payout_ops, then the ready marks (the hash's ``r``) the table must
-- hold if it keeps any ("-": any) and those it keeps after the commit ("":
-- none, "-": as they are; see ready.lua).  The version is published only when a process other
-- than the committer follows the table (the committer delivers from
-- memory).  Returns {new version}, or {-current version, current doc
-- snapshot, current commit id, current marks, the snapshot's version, the
-- records after it...} on conflict (so the loser retries without another
-- read, and a re-sent commit that had landed knows itself; {0, false}: no
-- such table).
-- Published bytes (the version and its doc or record, the balance):
-- lobby/channels.py defines them.
local cur = redis.call('HMGET', KEYS[1], 'v', 'doc', 'c', 'r', 'd')
local v = tonumber(cur[1] or '0')
if v ~= tonumber(ARGV[1]) or (ARGV[8] ~= '' and cur[3] ~= ARGV[8]) or (ARGV[15] ~= '-' and cur[4] and cur[4] ~= ARGV[15]) then
  local d = tonumber(cur[5] or v)
  local out = {-v, cur[2], cur[3], cur[4] or false, d}
  if d < v then
    for _, rec in ipairs(redis.call('LRANGE', KEYS[2], d - v, -1)) do out[#out + 1] = rec end
  end
  return out
end
local nv = v + 1
if ARGV[2] == '' then
  redis.call('HSET', KEYS[1], 'v', nv, 'c', ARGV[9])
else
  redis.call('HSET', KEYS[1], 'v', nv, 'doc', ARGV[2], 'c', ARGV[9], 'd', nv)
end
if ARGV[16] == '' then redis.call('HDEL', KEYS[1], 'r') elseif ARGV[16] ~= '-' then redis.call('HSET', KEYS[1], 'r', ARGV[16]) end
if ARGV[4] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[4]) end
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], tonumber(ARGV[7]))
end
if KEYS[4] then
  if ARGV[10] == '' then redis.call('ZREM', KEYS[4], ARGV[11])
  else redis.call('ZADD', KEYS[4], ARGV[10], ARGV[11]) end
end
local others = redis.call('ZCOUNT', KEYS[3], ARGV[13], '+inf')
if others > 0 then
  local mine = redis.call('ZSCORE', KEYS[3], ARGV[12])
  if mine and tonumber(mine) >= tonumber(ARGV[13]) then others = others - 1 end
end
if others > 0 then
  if ARGV[2] == '' then redis.call(ARGV[6], ARGV[3], struct.pack('>I8', nv) .. '+' .. ARGV[4])
  else redis.call(ARGV[6], ARGV[3], struct.pack('>I8', nv) .. ARGV[2]) end
end
if ARGV[14] and ARGV[14] ~= '' then
  for _, op in ipairs(cmsgpack.unpack(ARGV[14])) do
    if op[1] == '' then
      -- a player's payout: KEYS[op[2]] hash, KEYS[op[3]] settled set; id,
      -- coins, keep (s), balance channel, publish command, stat/inc pairs
      if redis.call('SADD', KEYS[op[3]], op[4]) == 1 then
        redis.call('EXPIRE', KEYS[op[3]], op[6])
        redis.call('PERSIST', KEYS[op[2]])  -- a guest's first settled game keeps its record for good
        local c = redis.call('HINCRBY', KEYS[op[2]], 'coins', op[5])
        for i = 9, #op, 2 do redis.call('HINCRBY', KEYS[op[2]], op[i], op[i + 1]) end
        if tonumber(op[5]) ~= 0 then redis.call(op[8], op[7], tostring(c)) end
      end
    elseif op[1] == '=' then
      -- a leaderboard row from the player's rating as stored now, read as
      -- lobby.ratings.stored reads it: KEYS[op[2]] board, KEYS[op[3]] hash;
      -- base μ, base σ, precision and mean fields; μ0, σ0, base scale,
      -- natural scale, least and most precision; pid
      local f = redis.call('HMGET', KEYS[op[3]], op[4], op[5], op[6], op[7])
      local mb = tonumber(op[8]) + tonumber(f[1] or '0') / tonumber(op[10])
      local sb = tonumber(op[9]) + tonumber(f[2] or '0') / tonumber(op[10])
      local p, q = tonumber(f[3] or '0'), tonumber(f[4] or '0')
      local ord = mb - 3 * sb  -- the base alone, exactly
      if p ~= 0 or q ~= 0 then
        local l = 1 / (sb * sb) + p / tonumber(op[11])
        local e = mb / (sb * sb) + q / tonumber(op[11])
        l = math.min(math.max(l, tonumber(op[12])), tonumber(op[13]))
        ord = e / l - 3 * (1 / math.sqrt(l))
      end
      redis.call('ZADD', KEYS[op[2]], string.format('%.17g', ord), op[14])
    else
      redis.call(op[1], KEYS[op[2]], unpack(op, 3))  -- a history write
    end
  end
end
return {nv}
