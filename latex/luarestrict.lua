-- Sheetsmith runs LuaTeX with this file (--lua), before its format and every package load,
-- so nothing captures the originals first. A document's Lua may read and write files in
-- its job directory, but may not make links, remove or rename files, run programs, change
-- the environment or make more than a few directories: the server reads the job directory
-- after TeX exits (docs/SECURITY.md, "Sandbox"). LuaTeX's own --safer also makes io.open
-- read-only, with which luaotfload refuses to run.
do
  local type, error = type, error
  -- The same answer as a failed call, so packages that try (luaotfload removes and touches
  -- its cache files) carry on.
  local function refused()
    return nil, "not allowed on this server"
  end
  for _, name in ipairs({ "link", "rmdir", "touch", "lock", "unlock", "lock_dir", "chdir" }) do
    if lfs[name] then lfs[name] = refused end
  end
  for _, name in ipairs({ "remove", "rename", "execute", "exec", "spawn", "setenv", "tmpdir", "kpsepopen" }) do
    if os[name] then os[name] = refused end
  end
  io.popen = refused
  package.loadlib = refused -- LuaTeX loads no C modules without shell escape; nor does this
  local mkdir, made, limit = lfs.mkdir, 0, MAXDIRS
  lfs.mkdir = function(path)
    if type(path) ~= "string" then
      return nil, "not a path"
    end
    if made >= limit then
      error("this server lets a document make at most " .. limit .. " directories", 2)
    end
    local ok, err = mkdir(path)
    if ok then made = made + 1 end
    return ok, err
  end
  -- What could read the original mkdir back out of the wrapper, or run code inside it.
  for _, name in ipairs({ "getupvalue", "setupvalue", "upvalueid", "upvaluejoin", "getlocal", "setlocal",
    "getregistry", "sethook", "gethook", "getuservalue", "setuservalue" }) do
    debug[name] = nil
  end
  -- A finalizer that runs while the original mkdir is on the stack could find it by level:
  -- getinfo tells everything but the function (luaotfload asks for "S" only).
  local getinfo, running = debug.getinfo, coroutine.running
  debug.getinfo = function(a, b, c)
    local info
    if type(a) == "number" then
      info = getinfo(a + 1, b) -- this wrapper is a level of its own
    elseif type(a) == "thread" then
      if a == running() and type(b) == "number" then b = b + 1 end
      info = getinfo(a, b, c)
    else
      info = getinfo(a, b)
    end
    if type(info) == "table" then info.func = nil end
    return info
  end
end
