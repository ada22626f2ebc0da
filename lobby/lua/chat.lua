-- KEYS: room hash, chat stream.  ARGV: the line (msgpack), channel, publish
-- command (SPUBLISH or PUBLISH), entries kept, lines the table takes per
-- window, the window (ms), ttl (s) of the chat of a table that has none.
-- A chat line is no part of the table doc: the doc and its version are never
-- written.  The window is counted on the stream's own ids (Redis time, so
-- every process agrees).  Returns the line's stream id, 0 (no such table) or
-- -1 (the table's window is full: nothing written).
-- Published bytes (a ChatLine): lobby/channels.py defines them.
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[5])
if #redis.call('XRANGE', KEYS[2], now - tonumber(ARGV[6]), '+', 'COUNT', limit) >= limit then return -1 end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', ARGV[4], '*', 'm', ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) else redis.call('EXPIRE', KEYS[2], ARGV[7]) end
redis.call(ARGV[3], ARGV[2], string.rep('\0', 8) .. id .. '|' .. ARGV[1])
return id
