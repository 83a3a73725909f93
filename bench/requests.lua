-- wrk script for `make bench`: send the requests of a file, one a line (method, path, body,
-- then "Name: value" headers, tab-separated), each thread its own stride, so no line is sent
-- twice unless the run outlasts the file (then `repeats` counts them).
-- Usage: wrk -t2 ... -s bench/requests.lua http://127.0.0.1:PORT -- FILE THREADS

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local function split(text)
  local fields = {}
  for part in (text .. "\t"):gmatch("([^\t]*)\t") do
    fields[#fields + 1] = part
  end
  return fields
end

function init(args)
  lines = {}
  for text in io.lines(args[1]) do
    local f = split(text)
    local headers = {}
    for k = 4, #f do
      local name, value = f[k]:match("^([^:]+):%s*(.*)$")
      if name then headers[name] = value end
    end
    local body = nil
    if f[3] ~= "" then body = f[3] end
    lines[#lines + 1] = wrk.format(f[1], f[2], headers, body)
  end
  stride = tonumber(args[2])
  i = id + 1
  sent = 0
  repeats = 0
  count = #lines
end

function request()
  if i > #lines then
    i = id + 1
  end
  sent = sent + 1
  if sent > math.ceil((#lines - id) / stride) then
    repeats = repeats + 1
  end
  local r = lines[i]
  i = i + stride
  return r
end

function done(summary, latency, requests)
  local total, again = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent")
    again = again + thread:get("repeats")
  end
  io.write(string.format("BENCH requests=%d repeats=%d lines=%d\n", total, again, threads[1]:get("count")))
end
