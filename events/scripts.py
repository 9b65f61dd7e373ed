"""The Lua scripts of the event store. Each touches the keys of one game only (one hash tag, so
one Redis Cluster slot) and runs atomically."""

from __future__ import annotations

# KEYS: events, idem (the legacy hash of records), meta, fence, idem record (this key's own,
# expiring), snapshot.
# ARGV: mode, expected version, idempotency field ('' for none), record JSON, command id,
# record TTL (s), snapshot data ('' for none), the snapshot's version (kept unless the
# snapshot hash holds a newer one), number of meta fields, the meta field/value pairs, then
# four values per event: type, schema, ts, payload.
# The first event of the batch carries the command id in its 'cmd' field; a command id in the
# fence set (one whose answer was lost and settled as not applied) is refused. A duplicate
# answers its record and the events it appended.
APPEND = """
if redis.call('SISMEMBER', KEYS[4], ARGV[5]) == 1 then return {'fenced'} end
local key = ARGV[3]
if key ~= '' then
  local stored = redis.call('GET', KEYS[5]) or redis.call('HGET', KEYS[2], key)
  if stored then
    local record = cjson.decode(stored)
    local entries = {}
    if record['first'] and record['version'] then
      entries = redis.call('XRANGE', KEYS[1], string.format('%d-1', record['first']),
        string.format('%d-1', record['version']))
    end
    return {'dup', stored, entries}
  end
end
if ARGV[1] == 'create' and redis.call('EXISTS', KEYS[1]) == 1 then
  return {'exists'}
end
local expected = tonumber(ARGV[2])
local actual = redis.call('XLEN', KEYS[1])
if actual ~= expected then return {'conflict', tostring(actual)} end
local first = 10
local n_meta = tonumber(ARGV[9])
if n_meta > 0 then
  local fields = {}
  for i = first, first + 2 * n_meta - 1 do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', KEYS[3], unpack(fields))
end
local version = expected
for i = first + 2 * n_meta, #ARGV, 4 do
  version = version + 1
  local id = string.format('%d-1', version)
  if version == expected + 1 then
    redis.call('XADD', KEYS[1], id, 'type', ARGV[i], 'schema', ARGV[i + 1], 'ts', ARGV[i + 2],
      'payload', ARGV[i + 3], 'cmd', ARGV[5])
  else
    redis.call('XADD', KEYS[1], id, 'type', ARGV[i], 'schema', ARGV[i + 1], 'ts', ARGV[i + 2],
      'payload', ARGV[i + 3])
  end
end
if key ~= '' then redis.call('SET', KEYS[5], ARGV[4], 'EX', tonumber(ARGV[6])) end
if ARGV[7] ~= '' then
  local current = redis.call('HGET', KEYS[6], 'version')
  if not current or tonumber(current) <= tonumber(ARGV[8]) then
    redis.call('HSET', KEYS[6], 'version', ARGV[8], 'data', ARGV[7])
  end
end
return {'ok', tostring(version)}
"""

# KEYS: events, fence. ARGV: command id, expected version, fence TTL (s). Settles an append
# whose answer was lost: 'applied' if its first event is in the stream, else fences the id so
# the lost copy can never apply later, and answers 'fenced'. Running it again answers the same.
SETTLE = """
local id = string.format('%d-1', tonumber(ARGV[2]) + 1)
local found = redis.call('XRANGE', KEYS[1], id, id)
if #found == 1 then
  local fields = found[1][2]
  for i = 1, #fields - 1, 2 do
    if fields[i] == 'cmd' and fields[i + 1] == ARGV[1] then return 'applied' end
  end
end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
return 'fenced'
"""

# KEYS: events, snapshot, webhooks, meta, and optionally a seat token's key (on a plain Redis
# only: it lives in another Cluster slot). ARGV: the version of the caller's cached state (0:
# none). Answers {0, token} for an unknown game, else {version, number of seat webhooks, the
# version the entries follow, snapshot version ('' if none used), snapshot data, entries, the
# game's accounts (meta field, '' if none), token}: the entries after the cached state if it is
# not ahead of the log, else after the snapshot (or all of them); token is the token key's
# record (nil without that key or when it is unknown).
LOAD = """
local token = false
if #KEYS >= 5 then token = redis.call('GET', KEYS[5]) end
local n = redis.call('XLEN', KEYS[1])
if n == 0 then return {0, token} end
local hooks = redis.call('SCARD', KEYS[3])
local after = tonumber(ARGV[1])
local snap_version, snap_data = '', ''
if after <= 0 or after > n then
  after = 0
  local snap = redis.call('HMGET', KEYS[2], 'version', 'data')
  if snap[1] and snap[2] and tonumber(snap[1]) <= n then
    snap_version, snap_data, after = snap[1], snap[2], tonumber(snap[1])
  end
end
local entries = {}
if after < n then
  entries = redis.call('XRANGE', KEYS[1], string.format('%d-1', after + 1), '+')
end
local accounts = redis.call('HGET', KEYS[4], 'accounts') or ''
return {n, hooks, after, snap_version, snap_data, entries, accounts, token}
"""

# KEYS: idem record, idem (legacy hash), events. ARGV: idempotency field. Answers {} or
# {record, the events it appended}.
RECORD = """
local stored = redis.call('GET', KEYS[1]) or redis.call('HGET', KEYS[2], ARGV[1])
if not stored then return {} end
local record = cjson.decode(stored)
local entries = {}
if record['first'] and record['version'] then
  entries = redis.call('XRANGE', KEYS[3], string.format('%d-1', record['first']),
    string.format('%d-1', record['version']))
end
return {stored, entries}
"""

# KEYS: snapshot, events. ARGV: version, data. Keeps the newest snapshot not beyond the log.
SNAPSHOT = """
local version = tonumber(ARGV[1])
if redis.call('XLEN', KEYS[2]) < version then return 0 end
local current = redis.call('HGET', KEYS[1], 'version')
if current and tonumber(current) > version then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'data', ARGV[2])
return 1
"""
