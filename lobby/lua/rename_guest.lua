-- KEYS[1] a player's hash; ARGV[1] the new name.  A guest's rename: never
-- of a claimed account (its name is unique: lobby.accounts), in one step, so
-- a claim landing meanwhile cannot leave an unreserved name on an account.
local claimed = redis.call('HGET', KEYS[1], 'claimed')
if claimed and claimed ~= '0' and claimed ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'name', ARGV[1])
return 1
