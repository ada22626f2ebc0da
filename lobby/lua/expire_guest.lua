-- KEYS[1] a guest's record or public id; ARGV[1] seconds.  Push back the
-- key's expiry while it has one (a guest's, kept only while its token
-- lives); a key kept for good (a settled game, a claim: PERSIST) stays so,
-- in one step, so a settlement landing meanwhile is never undone.
if redis.call('TTL', KEYS[1]) > 0 then return redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return 0
