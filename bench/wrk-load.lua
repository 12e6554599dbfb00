-- Closed-loop load for wrk from a file of requests, one per line, each sent once:
-- method \t path \t body \t header name \t header value \t ...
-- Prints one line "WRK_RESULT <json>" with the counts and latencies that wrk-load.ts reads.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  requests, sent, statuses = {}, 0, {}
  for line in io.lines(args[1]) do
    local fields = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do table.insert(fields, field) end
    local headers = {}
    for i = 4, #fields - 1, 2 do headers[fields[i]] = fields[i + 1] end
    local body = fields[3] ~= "" and fields[3] or nil
    table.insert(requests, wrk.format(fields[1], fields[2], headers, body))
  end
end

function request()
  sent = sent + 1
  -- Past the end, the file is reused; wrk-load.ts refuses such a run rather than report replays.
  return requests[(sent - 1) % #requests + 1]
end

function response(status)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency)
  local codes, sent = {}, 0
  for _, thread in ipairs(threads) do
    sent = sent + thread:get("sent")
    for status, count in pairs(thread:get("statuses")) do
      codes[#codes + 1] = string.format('"%d":%d', status, count)
    end
  end
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"sent":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    sent, table.concat(codes, ",")))
end
