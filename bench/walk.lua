-- wrk script for `make bench`: walk a list of paths, each thread its own stride, so no
-- path is requested twice unless the run outlasts the list (then `repeats` counts them).
-- Usage: wrk -t2 ... -s bench/walk.lua http://127.0.0.1:PORT -- PATHS START END THREADS
-- (END 0 = to the end of the file). Every request carries HX-Request: true.

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  for path in io.lines(args[1]) do
    paths[#paths + 1] = path
  end
  first = tonumber(args[2]) + 1
  last = tonumber(args[3])
  if last == 0 or last > #paths then last = #paths end
  stride = tonumber(args[4])
  i = first + id
  sent = 0
  repeats = 0
  headers = { ["HX-Request"] = "true" }
end

function request()
  if i > last then
    i = first + id
  end
  sent = sent + 1
  if sent > math.ceil((last - first + 1 - id) / stride) then
    repeats = repeats + 1
  end
  local path = paths[i]
  i = i + stride
  return wrk.format("GET", path, headers)
end

function done(summary, latency, requests)
  local total, again = 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent")
    again = again + thread:get("repeats")
  end
  local urls = threads[1]:get("last") - threads[1]:get("first") + 1
  io.write(string.format("BENCH requests=%d repeats=%d urls=%d\n", total, again, urls))
end
